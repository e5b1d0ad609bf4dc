import { Writable } from 'node:stream';
import { createLogger } from './logger';

const SLUG = 'AbCdEfGhIjKlMnOpQrSt_-';

describe('the request logger', () => {
  it('writes a request by its route pattern, never its URL (slug, signature, forged text), one JSON line per event', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const logger = createLogger({ level: 'info', app: 'test', destination });
    logger.info(
      {
        req: {
          method: 'GET',
          url: `/portal/v1/${SLUG}/items/a\n{"level":50}?sig=s3cr3t`,
          ip: '10.0.0.1',
          routeOptions: { url: '/portal/v1/:slug/items/:key' },
        },
      },
      'incoming request',
    );
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] as string);
    expect(line.req).toEqual({
      method: 'GET',
      route: '/portal/v1/:slug/items/:key',
      remoteAddress: '10.0.0.1',
    });
    expect(lines[0]).not.toMatch(new RegExp(`${SLUG}|s3cr3t|level\\\\":50`));
  });
});
