import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { javascriptCrc32 } from './zip-stream';

describe('the ZIP’s CRC-32', () => {
  it('native zlib.crc32 gives what buffer-crc32 (yazl’s own) gives, chunk by chunk', () => {
    for (const size of [0, 1, 7, 64 * 1024 + 3]) {
      const [a, b] = [randomBytes(size), randomBytes(size + 5)];
      expect(crc32(b, crc32(a))).toBe(javascriptCrc32(b, javascriptCrc32(a)));
      expect(crc32(a)).toBe(javascriptCrc32(a));
    }
  });
});
