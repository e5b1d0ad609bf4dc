import { type ServerResponse } from 'node:http';

type Write = ServerResponse['write'];

/**
 * Calls `release(chunk)` once the socket is done with each chunk written to `response` (the
 * write's own callback, which Node calls after the bytes have left for the kernel). `pipe`, as
 * Fastify streams a reply, writes without a callback, so this response's `write` is wrapped. A
 * failed write releases nothing (its chunk is left to the garbage collector).
 */
export function releaseWrittenChunks(response: ServerResponse, release: (chunk: unknown) => void): void {
  const write: Write = response.write;
  response.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    const done = typeof encoding === 'function' ? encoding : callback;
    return write.call(
      this,
      chunk,
      (typeof encoding === 'function' ? undefined : encoding) as BufferEncoding,
      (error) => {
        if (!error) release(chunk);
        if (typeof done === 'function') done(error);
      },
    );
  } as Write;
}
