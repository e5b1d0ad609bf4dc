import { Readable } from 'node:stream';
import { byteStream, ClamdServer, EICAR } from '@intake/testing';
import { ClamdAntivirus, NoAntivirus, parseAnswer } from './clamd.antivirus';

describe('ClamdAntivirus (real clamd with a test signature database)', () => {
  let clamd: ClamdServer;
  let antivirus: ClamdAntivirus;

  beforeAll(async () => {
    clamd = await new ClamdServer().start();
    antivirus = new ClamdAntivirus({ host: '127.0.0.1', port: clamd.port });
  }, 30_000);
  afterAll(async () => {
    await clamd?.stop();
  });

  it('finds a clean file clean', async () => {
    expect(await antivirus.scan(Readable.from([Buffer.from('%PDF-1.4 an ordinary document')]))).toEqual({
      clean: true,
    });
  });

  it('finds the EICAR test file infected, with the signature', async () => {
    const result = await antivirus.scan(Readable.from([Buffer.from(EICAR)]));
    expect(result.clean).toBe(false);
    expect(!result.clean && result.signature).toMatch(/Eicar|EICAR/);
  });

  it('finds EICAR inside a larger stream sent in many chunks', async () => {
    const body = Readable.from(
      (async function* () {
        for await (const chunk of byteStream(300 * 1024)) yield chunk as Buffer;
        yield Buffer.from(`padding ${EICAR} padding`);
      })(),
    );
    expect((await antivirus.scan(body)).clean).toBe(false);
  });

  it('streams a 2 MiB clean file through', async () => {
    expect(await antivirus.scan(byteStream(2 * 1024 * 1024))).toEqual({ clean: true });
  });

  it('fails (does not call the file clean) when clamd is unreachable', async () => {
    await expect(
      new ClamdAntivirus({ host: '127.0.0.1', port: 1 }).scan(Readable.from([Buffer.from('x')])),
    ).rejects.toThrow();
  });
});

describe('clamd answers', () => {
  it.each([
    ['stream: OK\0', { clean: true }],
    ['stream: Eicar-Test-Signature FOUND\0', { clean: false, signature: 'Eicar-Test-Signature' }],
  ])('%j', (answer, result) => expect(parseAnswer(answer)).toEqual(result));

  it.each(['INSTREAM size limit exceeded. ERROR\0', ''])('an error answer %j throws', (answer) =>
    expect(() => parseAnswer(answer)).toThrow(),
  );

  it('the none adapter calls everything clean (development only)', async () => {
    expect(await new NoAntivirus().scan(Readable.from([Buffer.from(EICAR)]))).toEqual({ clean: true });
  });
});
