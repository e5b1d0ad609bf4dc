import { connect, type Socket } from 'node:net';
import { SmtpSink } from './smtp-sink';

/** Sends SMTP lines one at a time, each after the server's answer to the previous one. */
async function converse(socket: Socket, lines: string[]): Promise<void> {
  const answers: string[] = [];
  let waiting: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    answers.push(chunk.toString('utf8'));
    waiting?.();
  });
  const answered = (count: number) =>
    new Promise<void>((resolve) => {
      waiting = () => answers.length >= count && resolve();
      waiting();
    });
  await answered(1); // the greeting
  for (const [i, line] of lines.entries()) {
    socket.write(`${line}\r\n`);
    await answered(i + 2);
  }
}

describe('SmtpSink', () => {
  it('survives a sender reset in the middle of a transaction, and records the error', async () => {
    const sink = await new SmtpSink().start();
    try {
      const socket = connect(sink.port, '127.0.0.1');
      await converse(socket, ['EHLO killed.example', 'MAIL FROM:<a@intake.example>']);
      // A sender killed with messages in flight: the kernel answers with a reset, not a FIN.
      socket.resetAndDestroy();
      const deadline = Date.now() + 5_000;
      while (sink.connectionErrors.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(sink.connectionErrors.map((e) => (e as NodeJS.ErrnoException).code)).toEqual(['ECONNRESET']);
      expect(sink.messages).toEqual([]);
    } finally {
      await sink.stop();
    }
  });
});
