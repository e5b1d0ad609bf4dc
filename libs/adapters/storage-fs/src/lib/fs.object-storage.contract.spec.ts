import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createReadStream } from 'node:fs';
import { describeObjectStorageContract } from '@intake/testing';
import { FsObjectStorage } from './fs.object-storage';

let dir: string;

describeObjectStorageContract('local directory', async () => {
  dir = await mkdtemp(join(tmpdir(), 'storage-fs-'));
  const storage = new FsObjectStorage({ dir, publicBaseUrl: 'http://api.test', signingKey: 'k'.repeat(32) });
  return {
    storage,
    // What the api route does with a signed URL: verify it, then stream the file.
    fetchSigned: async (url) => {
      const query = Object.fromEntries(new URL(url).searchParams);
      const signed = storage.verify(query);
      if (!signed) return { status: 403, body: Buffer.alloc(0) };
      const chunks: Buffer[] = [];
      for await (const chunk of createReadStream(join(dir, signed.key))) chunks.push(chunk as Buffer);
      return { status: 200, body: Buffer.concat(chunks) };
    },
    teardown: () => rm(dir, { recursive: true, force: true }),
  };
});

describe('FsObjectStorage signed URLs', () => {
  let root: string;
  let now = new Date('2026-06-01T12:00:00Z');
  let storage: FsObjectStorage;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'storage-fs-signed-'));
    storage = new FsObjectStorage({
      dir: root,
      publicBaseUrl: 'http://api.test',
      signingKey: 's'.repeat(32),
      now: () => now,
    });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const queryOf = async (key = 'a/b') =>
    Object.fromEntries(new URL(await storage.signedUrl(key, { filename: 'x.pdf' })).searchParams);

  it('is valid for 24 hours', async () => {
    const query = await queryOf();
    expect(storage.verify(query)).toEqual({ key: 'a/b', filename: 'x.pdf', contentType: undefined });
    now = new Date('2026-06-02T11:59:59Z');
    expect(storage.verify(query)).toBeDefined();
    now = new Date('2026-06-02T12:00:00Z');
    expect(storage.verify(query)).toBeUndefined();
    now = new Date('2026-06-01T12:00:00Z');
  });

  it.each([
    ['another key', { key: 'a/c' }],
    ['a later expiry', { expires: '9999999999' }],
    ['another file name', { filename: 'y.pdf' }],
    ['a forged signature', { sig: 'A'.repeat(43) }],
    ['a traversing key', { key: '../secret' }],
  ])('refuses %s', async (_what, change) => {
    expect(storage.verify({ ...(await queryOf()), ...change })).toBeUndefined();
  });

  it('leaves no partial file behind a refused upload', async () => {
    await storage
      .put(
        'p/q',
        (async function* () {
          yield Buffer.alloc(10);
          yield Buffer.alloc(10);
        })(),
        { maxBytes: 15 },
      )
      .catch(() => undefined);
    expect(await readdir(join(root, 'p'))).toEqual([]);
  });
});
