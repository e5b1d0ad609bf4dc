/**
 * The scheduler benchmark's mail server, in a process of its own (forked by run.ts): a minimal
 * SMTP server (smtp-server) that accepts every message and counts it by its `X-Intake-Chase`
 * header. Answers `{ type: 'stats' }` over IPC with the counts and the times of the first and last
 * message, `{ type: 'receipts' }` with the messages per chase id (the crash drills reconcile them);
 * sends `{ type: 'ready', port }` once listening.
 */
import { SMTPServer } from 'smtp-server';

export interface SinkStats {
  type: 'stats';
  /** Messages received. */
  total: number;
  /** Distinct chase ids among them. */
  unique: number;
  /** Messages whose chase id had been received before. */
  duplicates: number;
  /** Messages without a chase id. */
  unmarked: number;
  /** Date.now() of the first and of the last message (0 before any). */
  first: number;
  last: number;
}

const HEADER = /^x-intake-chase:\s*(\S+)/im;

function main(): void {
  const seen = new Map<string, number>();
  const stats: SinkStats = { type: 'stats', total: 0, unique: 0, duplicates: 0, unmarked: 0, first: 0, last: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData: (stream, _session, callback) => {
      let head = '';
      let found: string | null | undefined;
      stream.on('data', (chunk: Buffer) => {
        if (found !== undefined) return;
        head += chunk.toString('latin1');
        const end = head.indexOf('\r\n\r\n');
        if (end >= 0) found = HEADER.exec(head.slice(0, end))?.[1] ?? null;
      });
      stream.on('end', () => {
        const id = found ?? HEADER.exec(head)?.[1] ?? null;
        stats.total += 1;
        stats.last = Date.now();
        if (stats.first === 0) stats.first = stats.last;
        if (id === null) stats.unmarked += 1;
        else {
          if (seen.has(id)) stats.duplicates += 1;
          seen.set(id, (seen.get(id) ?? 0) + 1);
        }
        stats.unique = seen.size;
        callback();
      });
    },
  });
  // A client that vanishes mid-session (the crash drills kill schedulers) is no reason to stop.
  server.on('error', () => undefined);
  server.listen(Number(process.env['SINK_PORT'] ?? 0), '127.0.0.1', () => {
    const address = server.server.address();
    process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'stats') process.send?.(stats);
    if (message.type === 'receipts') process.send?.({ type: 'receipts', receipts: [...seen] });
  });
  process.on('disconnect', () => server.close(() => process.exit(0)));
}

main();
