import { createServer, request, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { releaseWrittenChunks } from './release-written-chunks';

describe('releaseWrittenChunks', () => {
  let server: Server;
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Serves one response written by `write`, returns what the client received. */
  async function serve(write: (response: import('node:http').ServerResponse) => void): Promise<string> {
    server = createServer((_request, response) => write(response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      request({ port, host: '127.0.0.1' }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (d: string) => (body += d));
        response.on('end', () => resolve(body));
      })
        .on('error', reject)
        .end();
    });
  }

  it('releases each chunk after its write completed, keeping the callers’ own callbacks and encodings', async () => {
    const released: unknown[] = [];
    const callbacks: string[] = [];
    const first = Buffer.from('one ');
    const body = await serve((response) => {
      releaseWrittenChunks(response, (chunk) => {
        // The bytes were sent before the release: the body already holds them.
        released.push(chunk);
      });
      response.write(first, () => callbacks.push('first'));
      response.write('74776f20', 'hex', () => callbacks.push('second'));
      response.write(Buffer.from('three'));
      response.end();
    });
    expect(body).toBe('one two three');
    expect(callbacks).toEqual(['first', 'second']);
    expect(released[0]).toBe(first);
    expect(released).toHaveLength(3);
  });

  it('releases nothing whose write failed', async () => {
    const released: unknown[] = [];
    let failed: (error: unknown) => void = () => undefined;
    const failure = new Promise((resolve) => (failed = resolve));
    await serve((response) => {
      releaseWrittenChunks(response, (chunk) => released.push(chunk));
      response.on('error', () => undefined); // the write after end is reported here too
      response.write('sent');
      response.end(() => response.write('after end', (error) => failed(error)));
    });
    expect(await failure).toMatchObject({ code: 'ERR_STREAM_WRITE_AFTER_END' });
    expect(released).toEqual(['sent']);
  });
});
