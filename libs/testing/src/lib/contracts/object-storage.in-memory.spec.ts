import { InMemoryObjectStorage } from '../in-memory/file-ports';
import { describeObjectStorageContract } from '../object-storage.contract';

describeObjectStorageContract('in memory', async () => {
  const storage = new InMemoryObjectStorage();
  return {
    storage,
    // The twin's signed URL is memory://<key>?filename=…&expires_in=…: it serves the object it names.
    fetchSigned: async (url) => {
      const parsed = new URL(url);
      const object = storage.objects.get(`${parsed.host}${parsed.pathname}`);
      const valid = parsed.protocol === 'memory:' && Number(parsed.searchParams.get('expires_in')) > 0;
      return object && valid ? { status: 200, body: object.bytes } : { status: 404, body: Buffer.alloc(0) };
    },
    teardown: async () => undefined,
  };
});
