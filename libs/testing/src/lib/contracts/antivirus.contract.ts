import { Readable } from 'node:stream';
import { type Antivirus } from '@intake/application-files';
import { EICAR } from '../clamd-server';
import { byteStream } from '../object-storage.contract';

export interface AntivirusFixture {
  antivirus: Antivirus;
  /** The same adapter pointed at a scanner that cannot be reached. */
  unreachable(): Antivirus;
  teardown(): Promise<void>;
}

/** A stream that records whether it was read to the end. */
function tracked(chunks: Buffer[]): { stream: AsyncIterable<Uint8Array>; done: () => boolean } {
  let finished = false;
  return {
    stream: (async function* () {
      yield* chunks;
      finished = true;
    })(),
    done: () => finished,
  };
}

/**
 * The behaviour every scanning Antivirus must have, run against clamd (with the test signature
 * database of ClamdServer) and the in-memory twin: EICAR is found wherever it is, in whatever
 * chunks it arrives; everything else is clean; a scanner that cannot scan never says clean.
 */
export function describeAntivirusContract(name: string, setup: () => Promise<AntivirusFixture>): void {
  describe(`Antivirus contract: ${name}`, () => {
    let fixture: AntivirusFixture;

    beforeAll(async () => {
      fixture = await setup();
    }, 60_000);
    afterAll(async () => {
      await fixture?.teardown();
    }, 60_000);

    it('is a scanning driver', () => {
      expect(fixture.antivirus.driver).toBe('clamd');
    });

    it('finds ordinary content clean, reading it to the end', async () => {
      const content = tracked([Buffer.from('%PDF-1.4 an ordinary '), Buffer.from('document')]);
      expect(await fixture.antivirus.scan(content.stream)).toEqual({ clean: true });
      expect(content.done()).toBe(true);
    });

    it('finds an empty file clean', async () => {
      expect(await fixture.antivirus.scan(Readable.from([]))).toEqual({ clean: true });
    });

    it('finds the EICAR test file infected, naming the signature', async () => {
      const result = await fixture.antivirus.scan(Readable.from([Buffer.from(EICAR)]));
      expect(result).toEqual({ clean: false, signature: expect.stringMatching(/eicar/i) });
    });

    it("finds EICAR's body inside a larger file, split across chunks", async () => {
      const marked = Buffer.from(`padding ${EICAR} padding`);
      const half = Math.floor(marked.length / 2);
      const body = (async function* () {
        for await (const chunk of byteStream(200 * 1024)) yield chunk as Buffer;
        yield marked.subarray(0, half);
        yield marked.subarray(half);
      })();
      expect((await fixture.antivirus.scan(body)).clean).toBe(false);
      const bodyOnly = Buffer.from('x EICAR-STANDARD-ANTIVIRUS-TEST-FILE x');
      expect((await fixture.antivirus.scan(Readable.from([bodyOnly]))).clean).toBe(false);
    });

    it('streams a 2 MiB clean file through', async () => {
      expect(await fixture.antivirus.scan(byteStream(2 * 1024 * 1024))).toEqual({ clean: true });
    });

    it('gives the same verdict to the same content every time', async () => {
      const scans = await Promise.all(
        [EICAR, 'clean', EICAR].map((text) => fixture.antivirus.scan(Readable.from([Buffer.from(text)]))),
      );
      expect(scans.map((s) => s.clean)).toEqual([false, true, false]);
    });

    it('fails, never calling the file clean, when the scanner cannot be reached', async () => {
      await expect(fixture.unreachable().scan(Readable.from([Buffer.from('x')]))).rejects.toThrow();
    });
  });
}
