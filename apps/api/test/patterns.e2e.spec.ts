import { performance } from 'node:perf_hooks';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { PATTERN_MESSAGES, UNCHECKABLE_PATTERN_MESSAGE } from '@intake/domain-items';
import { type Owner, useApi } from './api-test-app';

/**
 * Owner-supplied item patterns through the real api (docs/adr/0012-owner-patterns-on-re2.md; docs/security.md,
 * "Design notes: owner-supplied regular expressions"). Before RE2, `^(a+)+$` ran on V8's backtracking engine, and one portal PUT of
 * 40 "a" and a "!" held the event loop for 200 s: every other request of every account waited.
 *
 * The requests go through inject(), on the event loop the app runs on, and that is the point: a
 * synchronous match blocks that loop, so anything in flight at the same time (other routes, the
 * timer below) is delayed by exactly the match. A real port would add a socket on each side and
 * nothing else, the client being in this same process and on this same loop.
 */

/** 10,000 "a" then "!": a backtracking engine tries ~2^10,000 ways; RE2 reads it once. */
const CATASTROPHIC = `${'a'.repeat(10_000)}!`;
/**
 * The bounds. RE2 matches this value in milliseconds, but the machine these tests run on is shared:
 * at a load average of 10 to 16 on 2 cores the whole PUT (portal lookup, the intake's row, the match,
 * the answer), racing the other requests, took 120 to 530 ms, the other routes up to 470 ms, and the
 * loop's worst lateness up to 330 ms. The backtracking engine never finishes on this value; with it
 * in place, 26 characters already held the PUT, the loop and the other requests for 11 s (five of
 * them answered 503). So the bounds sit above a loaded machine's noise and far under the old engine.
 */
const PUT_MS = 1_500;
const OTHERS_MS = 1_000;

describe('owner patterns run in linear time, and the api stays responsive (real Postgres and Redis)', () => {
  const api = useApi();
  let owner: Owner;

  beforeAll(async () => {
    owner = await api.owner();
  });

  const asOwner = (options: InjectOptions) => api.client.asKey(owner.key, options);
  const newIntake = async (pattern: string) => {
    const response = await asOwner({
      method: 'POST',
      url: '/v1/intakes',
      payload: {
        project_name: 'Pattern site',
        client: { email: 'anna@bakery.example', name: 'Anna' },
        items: [{ key: 'code', type: 'longtext', label: 'Your code', pattern }],
      },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    return { id: created.intake_id as string, slug: (created.portal_url as string).split('/').pop() as string };
  };
  const submit = (slug: string, value: string) =>
    api.client.request({ method: 'PUT', url: `/portal/v1/${slug}/items/code`, payload: { value } });
  /** A request and how long it took, from the moment it was started to its answer. */
  const timed = async (request: Promise<LightMyRequestResponse>, started = performance.now()) => {
    const response = await request;
    return { response, ms: performance.now() - started };
  };

  it('a catastrophic value (10,000 "a" and "!") is refused at once, and other routes are not held up meanwhile', async () => {
    const { slug } = await newIntake('^(a+)+$');
    // Warm up the routes (first-request costs are not what is measured here); the pattern itself
    // stays cold, so the compile is part of the measured PUT.
    expect((await api.client.request({ method: 'GET', url: `/portal/v1/${slug}` })).statusCode).toBe(200);
    expect((await api.client.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await asOwner({ method: 'GET', url: '/v1/intakes' })).statusCode).toBe(200);

    // The event loop's own lateness while the PUT runs: a blocked loop shows here whatever the
    // order in which the requests below happen to reach their handlers.
    let lateness = 0;
    let expected = performance.now() + 5;
    const ticker = setInterval(() => {
      const now = performance.now();
      lateness = Math.max(lateness, now - expected);
      expected = now + 5;
    }, 5);

    let settled = false;
    const put = timed(submit(slug, CATASTROPHIC)).finally(() => (settled = true));
    // Other routes, started at the same moment as the PUT and then every 10 ms until it answers, so
    // some are in flight (the owner's list waits on the database) whenever the match runs: a blocked
    // loop delays each of those by the whole match.
    const others: Array<Promise<{ response: LightMyRequestResponse; ms: number }>> = [];
    const other = () => {
      others.push(timed(api.client.request({ method: 'GET', url: '/healthz' })));
      others.push(timed(asOwner({ method: 'GET', url: '/v1/intakes' })));
    };
    other();
    const stream = setInterval(() => {
      if (!settled && others.length < 400) other();
    }, 10);
    const refused = await put;
    clearInterval(stream);
    const answered = await Promise.all(others);
    clearInterval(ticker);

    expect(refused.response.statusCode).toBe(422);
    expect(refused.response.json()).toMatchObject({
      error: 'unprocessable',
      reason: 'validation_failed',
      details: [{ path: 'value', message: 'does not match the required pattern' }],
    });
    const [healthz, intakes] = answered as [(typeof answered)[0], (typeof answered)[0]];
    const figures = {
      put: refused.ms,
      healthz: healthz.ms,
      intakes: intakes.ms,
      slowestOther: Math.max(...answered.map((a) => a.ms)),
      lateness,
    };
    const bounds: Record<keyof typeof figures, number> = {
      put: PUT_MS,
      healthz: OTHERS_MS,
      intakes: OTHERS_MS,
      slowestOther: OTHERS_MS,
      lateness: OTHERS_MS,
    };
    // All figures at once, so a failure shows the whole picture (a blocked loop also makes some of the
    // other requests fail: their database calls time out behind it).
    const over = Object.entries(figures).filter(([name, ms]) => ms >= bounds[name as keyof typeof figures]);
    const notOk = answered.map((a) => a.response.statusCode).filter((status) => status !== 200);
    expect({ over, notOk, others: answered.length, figures }).toEqual({
      over: [],
      notOk: [],
      others: answered.length,
      figures,
    });
  });

  it('the same pattern accepts 10,000 "a" (200), and the answer is stored', async () => {
    const { slug, id } = await newIntake('^(a+)+$');
    const value = 'a'.repeat(10_000);
    const accepted = await submit(slug, value);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().items[0]).toMatchObject({ key: 'code', status: 'submitted', value });
    const detail = (await asOwner({ method: 'GET', url: `/v1/intakes/${id}` })).json();
    expect(detail.items[0]).toMatchObject({ key: 'code', value, pattern: '^(a+)+$' });
  });

  it('a pattern with look-ahead is refused at creation, naming items[0].pattern', async () => {
    const response = await asOwner({
      method: 'POST',
      url: '/v1/intakes',
      payload: {
        project_name: 'Pattern site',
        client: { email: 'anna@bakery.example', name: 'Anna' },
        items: [{ key: 'code', type: 'longtext', label: 'Your code', pattern: '^(?=a)a+$' }],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: 'unprocessable',
      reason: 'validation_failed',
      details: [{ path: 'items[0].pattern', message: 'uses look-around or back-references, which are not supported' }],
    });
  });

  it('an item PATCH cannot set a pattern: `pattern` is not one of its fields', async () => {
    const { id } = await newIntake('^a+$');
    const response = await asOwner({
      method: 'PATCH',
      url: `/v1/intakes/${id}/items/code`,
      payload: { pattern: '^(?=a)a+$' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      reason: 'validation_failed',
      details: [{ path: 'pattern', message: 'is not an accepted field' }],
    });
    const detail = (await asOwner({ method: 'GET', url: `/v1/intakes/${id}` })).json();
    expect(detail.items[0]).toMatchObject({ key: 'code', pattern: '^a+$' });
  });

  it('a look-ahead stored before RE2 refuses every value, and any PATCH of its item names `pattern`', async () => {
    const { id, slug } = await newIntake('^a+$');
    // What no endpoint can create any more: a pattern stored before patterns were checked for RE2.
    await api.db.query(`UPDATE items SET pattern = '^(?=a)a+$' WHERE intake_id = $1 AND key = 'code'`, [id]);
    const refused = await submit(slug, 'aaa');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      reason: 'validation_failed',
      details: [{ path: 'value', message: UNCHECKABLE_PATTERN_MESSAGE }],
    });
    const relabelled = await asOwner({
      method: 'PATCH',
      url: `/v1/intakes/${id}/items/code`,
      payload: { label: 'Your code, please' },
    });
    expect(relabelled.statusCode).toBe(422);
    // The use case parses the item as `item` and the body is the item, so the path drops that prefix.
    expect(relabelled.json()).toMatchObject({
      reason: 'validation_failed',
      details: [{ path: 'pattern', message: PATTERN_MESSAGES.lookaround }],
    });
  });
});
