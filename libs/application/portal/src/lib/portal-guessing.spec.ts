import { DomainError } from '@intake/errors';
import { randomToken } from '@intake/ids';
import { type GivenPortal, givenPortal, InMemoryContext } from '@intake/testing';
import { PortalGuessing } from './portal-guessing';
import { noSuchPortal } from './portal-link';
import { ViewPortal } from './view-portal';

describe('PortalGuessing', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let guessing: PortalGuessing;

  const GUESSER = '203.0.113.9';
  /** A portal request as the api makes it: checked first, a miss counted. */
  const open = async (slug: string, ip: string | null = GUESSER) => {
    try {
      await guessing.check(ip);
      return await context.use(ViewPortal).execute(slug);
    } catch (error) {
      await guessing.recordMiss(ip, error);
      return error;
    }
  };

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    guessing = context.use(PortalGuessing);
  });

  it('lets a client miss 20 links; then it gets 429 portal_throttled for every link, known or not', async () => {
    for (let i = 0; i < 19; i += 1) expect(await open(randomToken(16))).toMatchObject({ code: 'not_found' });
    expect(await open('malformed')).toMatchObject({ code: 'not_found' });
    context.clock.advance(1);
    const refused = {
      code: 'rate_limited',
      reason: 'portal_throttled',
      retryAfterSeconds: 59,
      message: 'Too many unknown portal links; try again in 59 seconds.',
    };
    expect(await open(randomToken(16))).toMatchObject(refused);
    expect(await open(portal.slug)).toMatchObject(refused);
    // Other clients go on; the guesser waits a minute, and its next miss doubles the wait.
    expect(await open(portal.slug, '198.51.100.1')).toMatchObject({ intake: { id: portal.intakeId } });
    context.clock.advance(59);
    expect(await open(portal.slug)).toMatchObject({ intake: { id: portal.intakeId } });
    expect(await open(randomToken(16))).toMatchObject({ code: 'not_found' });
    expect(await open(portal.slug)).toMatchObject({ reason: 'portal_throttled', retryAfterSeconds: 120 });
  });

  it('counts only the unknown-link 404, and no call without a client address', async () => {
    expect(await guessing.recordMiss(GUESSER, noSuchPortal())).toBe(true);
    for (const other of [
      new DomainError('not_found', 'No such item.', { reason: 'item_not_found' }),
      new DomainError('not_found', 'No such route or resource.'),
      new Error('No such portal link.'),
    ]) {
      expect(await guessing.recordMiss(GUESSER, other)).toBe(false);
    }
    for (let i = 0; i < 30; i += 1) await open(randomToken(16), null);
    expect(await open(portal.slug, null)).toMatchObject({ intake: { id: portal.intakeId } });
    expect(context.failures.keys()).toEqual([`portal:address:${GUESSER}`]);
    expect((await context.failures.read(`portal:address:${GUESSER}`)).failures).toBe(1);
  });
});
