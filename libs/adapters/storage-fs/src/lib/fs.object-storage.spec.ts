import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FsObjectStorage } from './fs.object-storage';

describe('FsObjectStorage.check', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'storage-fs-'));
  });
  afterEach(async () => {
    await chmod(dir, 0o700).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  it('creates the directory and leaves no probe file behind', async () => {
    const storage = new FsObjectStorage({
      dir: join(dir, 'nested', 'store'),
      publicBaseUrl: 'http://x',
      signingKey: 'k',
    });
    await expect(storage.check()).resolves.toBeUndefined();
    expect(await readdir(join(dir, 'nested', 'store'))).toEqual([]);
  });

  it('fails when the path is not a usable directory', async () => {
    const file = join(dir, 'a-file');
    await writeFile(file, 'x');
    await expect(
      new FsObjectStorage({ dir: join(file, 'store'), publicBaseUrl: 'http://x', signingKey: 'k' }).check(),
    ).rejects.toThrow();
  });
});
