import { byteStream, describeObjectStorageContract, S3Server } from '@intake/testing';
import { S3ObjectStorage } from './s3.object-storage';

describeObjectStorageContract('S3 (s3rver on loopback)', async () => {
  const server = await new S3Server(['uploads']).start();
  return {
    storage: new S3ObjectStorage(server.settings('uploads')),
    fetchSigned: async (url) => {
      const response = await fetch(url);
      return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
    },
    teardown: () => server.stop(),
  };
});

describe('S3ObjectStorage multipart uploads', () => {
  it('uploads a body longer than a part in parts, and aborts a refused one', async () => {
    const server = await new S3Server(['uploads']).start();
    try {
      const storage = new S3ObjectStorage({ ...server.settings('uploads'), partSize: 5 * 1024 * 1024 });
      const total = 11 * 1024 * 1024 + 3;
      expect(await storage.put('multi/part', byteStream(total, 0x62), { maxBytes: total })).toEqual({ size: total });
      expect(await storage.stat('multi/part')).toEqual({ size: total });
      let read = 0;
      for await (const chunk of await storage.get('multi/part')) read += chunk.byteLength;
      expect(read).toBe(total);

      await expect(
        storage.put('multi/too-big', byteStream(12 * 1024 * 1024), { maxBytes: 11 * 1024 * 1024 }),
      ).rejects.toMatchObject({
        reason: 'file.too_large',
      });
      expect(await storage.stat('multi/too-big')).toBeUndefined();
      // s3rver cannot list incomplete uploads, so the abort of the refused one is not observable here.
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describe('S3ObjectStorage signed URLs', () => {
  it('make S3 serve the object as an attachment under its name, with the type we stored', async () => {
    const server = await new S3Server(['uploads']).start();
    try {
      const storage = new S3ObjectStorage(server.settings('uploads'));
      await storage.put('intakes/in_x/items/logo/f1', byteStream(10), { maxBytes: 100 });
      const url = await storage.signedUrl('intakes/in_x/items/logo/f1', {
        filename: 'logo.svg',
        contentType: 'image/svg+xml',
      });
      const query = new URL(url).searchParams;
      expect(query.get('response-content-disposition')).toBe(
        `attachment; filename="logo.svg"; filename*=UTF-8''logo.svg`,
      );
      expect(query.get('response-content-type')).toBe('image/svg+xml');
      expect(query.get('X-Amz-Expires')).toBe(String(24 * 3600));
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="logo.svg"; filename*=UTF-8''logo.svg`,
      );
    } finally {
      await server.stop();
    }
  });
});
