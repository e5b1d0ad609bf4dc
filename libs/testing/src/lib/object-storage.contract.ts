import { Readable } from 'node:stream';
import { type ObjectStorage } from '@intake/application-files';
import { DomainError } from '@intake/errors';

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A stream of `total` bytes in 64 KiB chunks, generated on the fly (nothing held whole). */
export function byteStream(total: number, fill = 0x61): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const size = Math.min(64 * 1024, total - sent);
      sent += size;
      this.push(Buffer.alloc(size, fill));
    },
  });
}

export interface ObjectStorageFixture {
  storage: ObjectStorage;
  /** Fetches a signed URL the way a browser would; returns status and body. */
  fetchSigned(url: string): Promise<{ status: number; body: Buffer }>;
  teardown(): Promise<void>;
}

/** The behaviour every ObjectStorage adapter must have, run against each of them. */
export function describeObjectStorageContract(name: string, setup: () => Promise<ObjectStorageFixture>): void {
  describe(`ObjectStorage contract: ${name}`, () => {
    let fixture: ObjectStorageFixture;

    beforeAll(async () => {
      fixture = await setup();
    }, 60_000);
    afterAll(async () => {
      await fixture?.teardown();
    });

    it('stores a stream and reads it back', async () => {
      const { storage } = fixture;
      const { size } = await storage.put(
        'intakes/in_a/items/logo/f1',
        Readable.from([Buffer.from('hello '), Buffer.from('world')]),
        { maxBytes: 1000 },
      );
      expect(size).toBe(11);
      expect((await collect(await storage.get('intakes/in_a/items/logo/f1'))).toString()).toBe('hello world');
      expect(await storage.stat('intakes/in_a/items/logo/f1')).toEqual({ size: 11 });
    });

    it('streams a larger object through', async () => {
      const total = 3 * 1024 * 1024 + 17;
      expect(await fixture.storage.put('big/object', byteStream(total), { maxBytes: total })).toEqual({ size: total });
      expect((await fixture.storage.stat('big/object'))?.size).toBe(total);
    });

    it('refuses an object over maxBytes with file.too_large and leaves nothing behind', async () => {
      const error = await fixture.storage
        .put('too/big', byteStream(200_000), { maxBytes: 100_000 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('unprocessable');
      expect((error as DomainError).reason).toBe('file.too_large');
      expect(await fixture.storage.stat('too/big')).toBeUndefined();
    });

    it('deletes, and deleting twice is fine', async () => {
      await fixture.storage.put('to/delete', Readable.from([Buffer.from('x')]), { maxBytes: 10 });
      await fixture.storage.delete('to/delete');
      await fixture.storage.delete('to/delete');
      expect(await fixture.storage.stat('to/delete')).toBeUndefined();
    });

    it('deletes everything under a prefix, and nothing else', async () => {
      for (const key of ['intakes/in_del/items/a/f1', 'intakes/in_del/brief/f2', 'intakes/in_keep/items/a/f1']) {
        await fixture.storage.put(key, Readable.from([Buffer.from('x')]), { maxBytes: 10 });
      }
      await fixture.storage.deletePrefix('intakes/in_del/');
      expect(await fixture.storage.stat('intakes/in_del/items/a/f1')).toBeUndefined();
      expect(await fixture.storage.stat('intakes/in_del/brief/f2')).toBeUndefined();
      expect(await fixture.storage.stat('intakes/in_keep/items/a/f1')).toEqual({ size: 1 });
      await fixture.storage.deletePrefix('intakes/in_nothing/');
      await expect(fixture.storage.deletePrefix('intakes/../')).rejects.toThrow(RangeError);
    });

    it('hands out signed URLs that serve the object', async () => {
      await fixture.storage.put('signed/doc', Readable.from([Buffer.from('%PDF-1.4 test')]), { maxBytes: 100 });
      const url = await fixture.storage.signedUrl('signed/doc', {
        filename: 'Smlouva č. 1.pdf',
        contentType: 'application/pdf',
      });
      const response = await fixture.fetchSigned(url);
      expect(response.status).toBe(200);
      expect(response.body.toString()).toBe('%PDF-1.4 test');
    });

    it('replaces an object put again under the same key', async () => {
      await fixture.storage.put('again/doc', Readable.from([Buffer.from('first version')]), { maxBytes: 100 });
      expect(await fixture.storage.put('again/doc', Readable.from([Buffer.from('second')]), { maxBytes: 100 })).toEqual(
        {
          size: 6,
        },
      );
      expect((await collect(await fixture.storage.get('again/doc'))).toString()).toBe('second');
    });

    it('keeps the earlier object when a put under its key is refused', async () => {
      await fixture.storage.put('kept/doc', Readable.from([Buffer.from('original')]), { maxBytes: 100 });
      await expect(fixture.storage.put('kept/doc', byteStream(5000), { maxBytes: 100 })).rejects.toMatchObject({
        reason: 'file.too_large',
      });
      expect((await collect(await fixture.storage.get('kept/doc'))).toString()).toBe('original');
    });

    it('stores an empty object', async () => {
      expect(await fixture.storage.put('empty/object', Readable.from([]), { maxBytes: 10 })).toEqual({ size: 0 });
      expect(await fixture.storage.stat('empty/object')).toEqual({ size: 0 });
    });

    it('fails to read an object that is not there, and finds no size for it', async () => {
      await expect(fixture.storage.get('missing/object').then((stream) => collect(stream))).rejects.toThrow();
      expect(await fixture.storage.stat('missing/object')).toBeUndefined();
    });

    it('answers its readiness check', async () => {
      await expect(fixture.storage.check()).resolves.toBeUndefined();
    });

    it.each(['../etc/passwd', 'a/../b', 'a b'])('refuses the key %j for every operation, not only put', async (key) => {
      await expect(fixture.storage.get(key)).rejects.toThrow(RangeError);
      await expect(fixture.storage.stat(key)).rejects.toThrow(RangeError);
      await expect(fixture.storage.delete(key)).rejects.toThrow(RangeError);
      await expect(fixture.storage.signedUrl(key, { filename: 'x.pdf' })).rejects.toThrow(RangeError);
    });

    it.each(['../etc/passwd', '/abs', 'a/../b', 'a//b', 'a b', ''])('refuses the key %j', async (key) => {
      await expect(fixture.storage.put(key, Readable.from([Buffer.from('x')]), { maxBytes: 10 })).rejects.toThrow(
        RangeError,
      );
    });
  });
}
