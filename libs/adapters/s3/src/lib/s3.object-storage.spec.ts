import { S3Server } from '@intake/testing';
import { S3ObjectStorage } from './s3.object-storage';

describe('S3ObjectStorage.check (real S3 API on loopback)', () => {
  let server: S3Server;
  beforeAll(async () => {
    server = await new S3Server(['uploads']).start();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers when the bucket exists', async () => {
    await expect(new S3ObjectStorage(server.settings('uploads')).check()).resolves.toBeUndefined();
  });

  it('fails when the bucket is missing', async () => {
    await expect(new S3ObjectStorage(server.settings('missing')).check()).rejects.toThrow(/missing/);
  });

  it('fails when the server is unreachable', async () => {
    const settings = {
      ...server.settings('uploads'),
      endpoint: 'http://127.0.0.1:1',
    };
    await expect(new S3ObjectStorage(settings).check()).rejects.toThrow();
  });
});
