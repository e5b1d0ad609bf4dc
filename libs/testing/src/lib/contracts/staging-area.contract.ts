import { Readable } from 'node:stream';
import { type ByteStream, type StagingArea } from '@intake/application-files';
import { byteStream } from '../object-storage.contract';

export interface StagingAreaPorts {
  staging: StagingArea;
  /** How many staged files are still kept (bytes on disk, or in memory). */
  kept(): Promise<number>;
}

export interface StagingAreaFixture {
  empty(): Promise<StagingAreaPorts>;
  teardown(): Promise<void>;
}

async function bytesOf(stream: ByteStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A stream that yields its chunks, then fails as a broken upload does. */
async function* broken(chunks: Buffer[], error: Error): AsyncGenerator<Uint8Array> {
  yield* chunks;
  throw error;
}

/**
 * The behaviour every StagingArea must have, run against the temporary directory and the
 * in-memory twin: the staged bytes read back whole as often as asked, each staged file on its own,
 * and nothing kept after a discard or a failed upload.
 */
export function describeStagingAreaContract(name: string, setup: () => Promise<StagingAreaFixture>): void {
  describe(`StagingArea contract: ${name}`, () => {
    let fixture: StagingAreaFixture;
    let ports: StagingAreaPorts;

    beforeAll(async () => {
      fixture = await setup();
    }, 60_000);
    afterAll(async () => {
      await fixture?.teardown();
    }, 60_000);
    beforeEach(async () => {
      ports = await fixture.empty();
    });

    it('reads the staged bytes back, as often as asked', async () => {
      const staged = await ports.staging.stage(Readable.from([Buffer.from('hello '), Buffer.from('world')]));
      expect(await ports.kept()).toBe(1);
      expect((await bytesOf(staged.read())).toString()).toBe('hello world');
      expect((await bytesOf(staged.read())).toString()).toBe('hello world');
      await staged.discard();
    });

    it('stages a larger stream whole', async () => {
      const staged = await ports.staging.stage(byteStream(3 * 1024 * 1024 + 5, 0x62));
      const bytes = await bytesOf(staged.read());
      expect(bytes.length).toBe(3 * 1024 * 1024 + 5);
      expect(bytes.every((b) => b === 0x62)).toBe(true);
      await staged.discard();
    });

    it('stages an empty upload', async () => {
      const staged = await ports.staging.stage(Readable.from([]));
      expect(await bytesOf(staged.read())).toEqual(Buffer.alloc(0));
      await staged.discard();
    });

    it('keeps each staged file apart, and discarding one keeps the other', async () => {
      const first = await ports.staging.stage(Readable.from([Buffer.from('first')]));
      const second = await ports.staging.stage(Readable.from([Buffer.from('second')]));
      expect(await ports.kept()).toBe(2);
      await first.discard();
      expect(await ports.kept()).toBe(1);
      expect((await bytesOf(second.read())).toString()).toBe('second');
      await second.discard();
      expect(await ports.kept()).toBe(0);
    });

    it('keeps nothing after a discard, and a second discard is fine', async () => {
      const staged = await ports.staging.stage(Readable.from([Buffer.from('x')]));
      await staged.discard();
      await staged.discard();
      expect(await ports.kept()).toBe(0);
    });

    it('cannot read a staged file once it is discarded', async () => {
      const staged = await ports.staging.stage(Readable.from([Buffer.from('gone')]));
      await staged.discard();
      await expect(bytesOf(staged.read())).rejects.toThrow();
    });

    it("rejects with the stream's own error and keeps nothing of a failed upload", async () => {
      const error = new Error('client went away');
      await expect(ports.staging.stage(broken([Buffer.alloc(70_000, 1)], error))).rejects.toBe(error);
      expect(await ports.kept()).toBe(0);
    });
  });
}
