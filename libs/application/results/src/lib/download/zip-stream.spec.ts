import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { javascriptCrc32, type WrittenEntry, ZipStream } from './zip-stream';

describe('the ZIP’s CRC-32', () => {
  it('native zlib.crc32 gives what buffer-crc32 (yazl’s own) gives, chunk by chunk', () => {
    for (const size of [0, 1, 7, 64 * 1024 + 3]) {
      const [a, b] = [randomBytes(size), randomBytes(size + 5)];
      expect(crc32(b, crc32(a))).toBe(javascriptCrc32(b, javascriptCrc32(a)));
      expect(crc32(a)).toBe(javascriptCrc32(a));
    }
  });
});

describe('ZipStream.release', () => {
  const canDetach = typeof (new ArrayBuffer(1) as ArrayBuffer & { transfer?: unknown }).transfer === 'function';

  /**
   * Reads the whole ZIP chunk by chunk as `pipe` does (flowing mode), releasing each output chunk
   * as the response does once the socket has sent it.
   */
  function drain(zip: ZipStream): Promise<Buffer> {
    const parts: Buffer[] = [];
    return new Promise((resolve, reject) => {
      zip.output.on('data', (chunk: Buffer) => {
        parts.push(Buffer.from(chunk)); // a copy: the chunk itself is emptied by release
        zip.release(chunk);
      });
      zip.output.once('end', () => resolve(Buffer.concat(parts)));
      zip.output.once('error', reject);
    });
  }

  const mtime = new Date('2026-01-01T00:00:00Z');

  it('gives back the memory of a streamed file’s own chunks once written, after hashing them', async () => {
    const chunk = Buffer.allocUnsafeSlow(4096).fill(7);
    const zip = new ZipStream();
    const written: WrittenEntry[] = [];
    zip.add(
      'a/file.bin',
      { compress: false, mtime },
      async () => Readable.from([chunk]),
      (e) => written.push(e),
    );
    zip.end();
    const bytes = await drain(zip);
    expect(written).toEqual([
      { path: 'a/file.bin', size: 4096, sha256: createHash('sha256').update(Buffer.alloc(4096, 7)).digest('hex') },
    ]);
    expect(bytes.includes(Buffer.alloc(4096, 7))).toBe(true);
    expect(chunk.length).toBe(canDetach ? 0 : 4096);
  });

  it('leaves a Buffer source (a report, which may be used again) and chunks sharing memory alone', async () => {
    const report = Buffer.allocUnsafeSlow(2048).fill(1);
    const parent = Buffer.allocUnsafeSlow(8192).fill(2);
    const view = parent.subarray(0, 4096);
    const zip = new ZipStream();
    zip.add('podklady.md', { compress: false, mtime }, async () => report);
    zip.add('b/part.bin', { compress: false, mtime }, async () => Readable.from([view]));
    zip.end();
    await drain(zip);
    expect(report.equals(Buffer.alloc(2048, 1))).toBe(true);
    expect(view.length).toBe(4096);
    expect(parent.equals(Buffer.alloc(8192, 2))).toBe(true);
  });

  it('ignores what it did not produce (headers, foreign values) and a chunk released twice', async () => {
    const zip = new ZipStream();
    const other = Buffer.allocUnsafeSlow(512).fill(3);
    zip.release(other);
    zip.release('text');
    zip.release(undefined);
    expect(other.equals(Buffer.alloc(512, 3))).toBe(true);
    const chunk = Buffer.allocUnsafeSlow(1024).fill(4);
    zip.add('c/x.bin', { compress: false, mtime }, async () => Readable.from([chunk]));
    zip.end();
    await drain(zip);
    expect(() => zip.release(chunk)).not.toThrow();
  });
});
