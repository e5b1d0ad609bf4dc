import { Writable } from 'node:stream';
import { createLogger, redactUrl } from './logger';

const SLUG = 'AbCdEfGhIjKlMnOpQrSt_-';

describe('redactUrl', () => {
  it.each`
    url                                                                       | logged
    ${`/portal/v1/${SLUG}`}                                                   | ${'/portal/v1/[redacted]'}
    ${`/portal/v1/${SLUG}/items/logo/files?x=1`}                              | ${'/portal/v1/[redacted]/items/logo/files?x=1'}
    ${'/portal/v1/not-a-slug/items/logo'}                                     | ${'/portal/v1/[redacted]/items/logo'}
    ${`/p/${SLUG}`}                                                           | ${'/p/[redacted]'}
    ${`/client/links/${SLUG}?lang=cs`}                                        | ${'/client/links/[redacted]?lang=cs'}
    ${'/v1/files/signed?key=a%2Fb&expires=1&filename=x.pdf&sig=c2lnbmF0dXJl'} | ${'/v1/files/signed?key=a%2Fb&expires=1&filename=x.pdf&sig=[redacted]'}
    ${'/x?X-Amz-Signature=abc&X-Amz-Credential=def&ok=1'}                     | ${'/x?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]&ok=1'}
    ${'/x?%73ig=abc'}                                                         | ${'/x?%73ig=[redacted]'}
    ${'/v1/intakes/in_AbCdEfGhIjKlMnOpQrSt_-/items/logo?q=Jan'}               | ${'/v1/intakes/in_AbCdEfGhIjKlMnOpQrSt_-/items/logo?q=Jan'}
    ${'/v1/intakes?q=%E0%A4%A&sig'}                                           | ${'/v1/intakes?q=%E0%A4%A&sig'}
  `('logs $url as $logged', ({ url, logged }) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('the request logger', () => {
  it('writes a request’s URL without its portal slug or signature, one JSON line per event', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const logger = createLogger({ level: 'info', app: 'test', destination });
    logger.info(
      { req: { method: 'GET', url: `/portal/v1/${SLUG}/items/a\n{"level":50}?sig=s3cr3t`, ip: '10.0.0.1' } },
      'incoming request',
    );
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] as string);
    expect(line.req).toEqual({
      method: 'GET',
      url: '/portal/v1/[redacted]/items/a\n{"level":50}?sig=[redacted]',
      remoteAddress: '10.0.0.1',
    });
    expect(lines[0]).not.toMatch(new RegExp(`${SLUG}|s3cr3t`));
  });
});
