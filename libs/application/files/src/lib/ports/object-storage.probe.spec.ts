import { InMemoryObjectStorage } from '@intake/testing';
import { ObjectStorageProbe } from './object-storage.probe';

describe('ObjectStorageProbe', () => {
  it('reports the object storage as ready while it answers', async () => {
    const probe = new ObjectStorageProbe(new InMemoryObjectStorage());
    expect(probe.dependency).toBe('object_storage');
    await expect(probe.check()).resolves.toBeUndefined();
  });

  it("fails with the storage's own message when it does not", async () => {
    const storage = new InMemoryObjectStorage();
    storage.failing = true;
    await expect(new ObjectStorageProbe(storage).check()).rejects.toThrow('object storage unreachable');
  });
});
