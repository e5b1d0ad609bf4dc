/**
 * The webhook benchmark's receiver, in a process of its own (forked by run.ts): a plain node:http
 * server that answers every request 204 at once, counts deliveries by X-Service-Delivery and keeps
 * the arrival time (Date.now()) of each intake id's first request. IPC: `{type: 'stats'}` answers
 * the counts; `{type: 'arrivals'}` the arrival times; `{type: 'receipts'}` the requests per
 * delivery id (the crash drills reconcile them); sends `{type: 'ready', port}` once listening.
 */
import { createServer } from 'node:http';

export interface ReceiverStats {
  type: 'stats';
  /** Requests received. */
  total: number;
  /** Distinct delivery ids among them. */
  unique: number;
  /** Requests whose delivery id had been received before. */
  duplicates: number;
  /** Date.now() of the first and of the last request (0 before any). */
  first: number;
  last: number;
}

const INTAKE_ID = /"intake_id":"([^"]+)"/;

function main(): void {
  const seen = new Map<string, number>();
  const arrivals = new Map<string, number>();
  const stats: ReceiverStats = { type: 'stats', total: 0, unique: 0, duplicates: 0, first: 0, last: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const now = Date.now();
      const id = String(req.headers['x-service-delivery']);
      stats.total += 1;
      stats.last = now;
      if (stats.first === 0) stats.first = now;
      if (seen.has(id)) stats.duplicates += 1;
      seen.set(id, (seen.get(id) ?? 0) + 1);
      stats.unique = seen.size;
      const intake = INTAKE_ID.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
      if (intake && !arrivals.has(intake)) arrivals.set(intake, now);
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'stats') process.send?.(stats);
    if (message.type === 'arrivals') process.send?.({ type: 'arrivals', arrivals: [...arrivals] });
    if (message.type === 'receipts') process.send?.({ type: 'receipts', receipts: [...seen] });
  });
  process.on('disconnect', () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}

main();
