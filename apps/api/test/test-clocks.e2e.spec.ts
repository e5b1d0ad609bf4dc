import { type AppProcess, startAppProcess, WebhookReceiver } from '@intake/testing';
import { type Owner, useApi } from './api-test-app';

/**
 * Test clocks end to end (issue #30): the api in this process, the real scheduler and webhook
 * dispatcher as processes of their own, all on the shared test clock (TEST_CLOCK=enabled) only so
 * that POST /_test/tick can drive the scheduler's passes and wait for the webhooks; the shared
 * clock itself stands still at REAL. A test intake on a test clock is advanced a month in three
 * calls; a live intake created at the same moment stays where real time has it.
 */

/** "Real" time: where the shared test clock stands throughout. */
const REAL = '2031-02-10T10:00:00.000Z';
/** The test clock's start: Monday 3 March 2031, 21:30 in Prague (CET), inside quiet hours. */
const FROZEN = '2031-03-03T20:30:00.000Z';
const DAY_MS = 24 * 3600 * 1000;
const day = (n: number) => new Date(Date.parse(FROZEN) + n * DAY_MS).toISOString();
/** Time allowed for the processes to start (compiled on the fly) and for the whole month to pass. */
const SLOW = 180_000;

interface Clock {
  id: string;
  name: string | null;
  frozen_time: string;
  status: 'ready' | 'advancing';
  advancing_to: string | null;
}

describe('test clocks (api, scheduler and webhook dispatcher; real Postgres and Redis)', () => {
  const env = { TEST_CLOCK: 'enabled', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };
  const api = useApi(env);
  const receiver = new WebhookReceiver();
  let scheduler: AppProcess;
  let dispatcher: AppProcess;
  let owner: Owner;
  let testKey: string;

  beforeAll(async () => {
    await receiver.start();
    const shared = { ...api.environment.env, ...env };
    [scheduler, dispatcher] = await Promise.all([
      startAppProcess('scheduler', shared),
      startAppProcess('webhook-dispatcher', shared),
    ]);
    owner = await api.owner({ plan: 'agency', testKey: true });
    testKey = owner.testKey as string;
    await call('POST', '/_test/clock', undefined, { now: REAL });
  }, SLOW);
  afterAll(async () => {
    await Promise.all([scheduler?.kill(), dispatcher?.kill(), receiver.stop()]);
  });

  async function call(method: 'GET' | 'POST' | 'DELETE', url: string, key?: string, payload?: object) {
    const response = await (key
      ? api.client.asKey(key, { method, url, payload })
      : api.t.app.inject({ method, url, payload: payload ?? {} }));
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  }
  const newClock = async (frozenTime = FROZEN) => {
    const created = await call('POST', '/v1/test_clocks', testKey, { frozen_time: frozenTime, name: 'Onboarding' });
    expect(created.status).toBe(201);
    return created.body.test_clock as Clock;
  };
  const intakeBody = (extra: object = {}) => ({
    project_name: 'Bakery site',
    client: { email: 'anna@bakery.example', name: 'Anna', timezone: 'Europe/Prague' },
    items: [{ key: 'logo', type: 'image', label: 'Logo' }],
    ...extra,
  });
  const createIntake = async (key: string, extra: object = {}) => {
    const created = await call('POST', '/v1/intakes', key, intakeBody(extra));
    expect([created.status, created.body?.error]).toEqual([201, undefined]);
    return created.body.intake_id as string;
  };
  /** Advances, then ticks the scheduler until the clock is ready again. */
  const advanceTo = async (clockId: string, to: string) => {
    const advanced = await call('POST', `/v1/test_clocks/${clockId}/advance`, testKey, { frozen_time: to });
    expect([advanced.status, advanced.body.test_clock]).toEqual([
      202,
      expect.objectContaining({ status: 'advancing', advancing_to: to }),
    ]);
    for (let tick = 0; tick < 20; tick += 1) {
      expect((await call('POST', '/_test/tick')).status).toBe(200);
      const clock = (await call('GET', `/v1/test_clocks/${clockId}`, testKey)).body.test_clock as Clock;
      if (clock.status === 'ready') return clock;
    }
    throw new Error(`test clock ${clockId} never got ready`);
  };
  const chasesOf = async (intakeId: string, key: string) =>
    ((await call('GET', `/v1/intakes/${intakeId}/status`, key)).body.chases as Array<Record<string, unknown>>).map(
      (c) => [c['kind'], c['status'], c['attempt_no'], c['scheduled_at']],
    );

  it(
    'a month on a clock in three calls: invitation and the default reminders skipped at 08:00 Prague time after quiet hours, the stall and its webhook, the overdue notice; a live intake has not moved',
    async () => {
      const hook = await call('POST', '/v1/webhooks', testKey, {
        url: receiver.url('/hooks'),
        events: ['intake.stalled', 'intake.overdue', 'intake.completed'],
      });
      expect(hook.status).toBe(201);
      const clock = await newClock();
      const onClock = await createIntake(testKey, { test_clock: clock.id, due_date: '2031-03-20' });
      const live = await createIntake(owner.key, { due_date: '2031-03-20' });
      const liveBefore = await chasesOf(live, owner.key);
      const otherClock = await newClock();
      const onOtherClock = await createIntake(testKey, { test_clock: otherClock.id, due_date: '2031-03-20' });
      const otherBefore = await chasesOf(onOtherClock, testKey);
      expect((await call('GET', `/v1/intakes/${onClock}`, testKey)).body.intake).toMatchObject({
        test_clock: clock.id,
        mode: 'test',
        created_at: FROZEN,
        sent_at: FROZEN,
      });

      expect(await advanceTo(clock.id, day(7))).toMatchObject({
        status: 'ready',
        frozen_time: day(7),
        advancing_to: null,
      });
      expect(await chasesOf(onClock, testKey)).toEqual([
        ['invite', 'skipped', 0, FROZEN],
        ['reminder', 'skipped', 1, '2031-03-06T07:00:00.000Z'], // day 2 at 21:30 is held to 08:00 the next morning
        ['reminder', 'skipped', 2, '2031-03-09T07:00:00.000Z'],
        ['reminder', 'scheduled', 3, '2031-03-13T07:00:00.000Z'],
      ]);
      expect(receiver.received).toEqual([]);

      await advanceTo(clock.id, day(14));
      expect((await chasesOf(onClock, testKey)).at(-1)).toEqual(['reminder', 'skipped', 3, '2031-03-13T07:00:00.000Z']);
      expect((await call('GET', `/v1/intakes/${onClock}`, testKey)).body.intake.stalled_at).toBe(
        '2031-03-13T07:00:00.000Z',
      );
      await receiver.waitFor(1, '/hooks');

      await advanceTo(clock.id, day(30));
      await receiver.waitFor(2, '/hooks');
      const events = receiver.on('/hooks').map((r) => JSON.parse(r.body) as Record<string, unknown>);
      expect(events).toEqual([
        expect.objectContaining({
          event: 'intake.stalled',
          intake_id: onClock,
          timestamp: Date.parse('2031-03-13T07:00:00Z') / 1000,
        }),
        expect.objectContaining({
          event: 'intake.overdue',
          intake_id: onClock,
          due_date: '2031-03-20',
          outstanding_items: ['logo'],
          timestamp: Date.parse('2031-03-20T23:00:00Z') / 1000, // the end of the due day in Prague
        }),
      ]);
      expect(await chasesOf(onClock, testKey)).toHaveLength(4);

      // The live intake, created at the same moment, is where real time (the shared clock) has it.
      const liveNow = await chasesOf(live, owner.key);
      expect(liveNow.map(([kind, , attempt, at]) => [kind, attempt, at])).toEqual(
        liveBefore.map(([kind, , attempt, at]) => [kind, attempt, at]),
      );
      expect(liveNow.filter(([kind]) => kind === 'reminder').map(([, status]) => status)).toEqual(['scheduled']);
      expect((await call('GET', `/v1/intakes/${live}`, owner.key)).body.intake).toMatchObject({
        stalled_at: null,
        test_clock: null,
      });
      // So is the intake on another clock, which nobody advanced.
      expect(await chasesOf(onOtherClock, testKey)).toEqual(otherBefore);
      expect((await call('GET', `/v1/test_clocks/${otherClock.id}`, testKey)).body.test_clock).toMatchObject({
        status: 'ready',
        frozen_time: FROZEN,
      });
    },
    SLOW,
  );

  it('a scheduler that died mid-advance: the clock is taken over once its lease ran out, the step redone, nothing twice', async () => {
    const clock = await newClock();
    const intake = await createIntake(testKey, { test_clock: clock.id });
    const advanced = await call('POST', `/v1/test_clocks/${clock.id}/advance`, testKey, { frozen_time: day(7) });
    expect(advanced.status).toBe(202);
    // What a scheduler killed in the middle of the first reminder's step leaves: the clock stored at
    // that instant under its lease (five minutes of real time), the reminder claimed under its own.
    await api.db.query(
      `UPDATE test_clocks SET frozen_time = '2031-03-06T07:00:00Z', claimed_by = 'dead', claimed_until = $2
        WHERE id = $1`,
      [clock.id, new Date(Date.parse(REAL) + 5 * 60_000)],
    );
    await api.db.query(
      `UPDATE chases SET claimed_by = 'dead', claimed_until = '2031-03-06T07:05:00Z'
        WHERE intake_id = $1 AND kind = 'reminder' AND status = 'scheduled'`,
      [intake],
    );
    expect((await call('POST', '/_test/tick')).status).toBe(200);
    expect((await call('GET', `/v1/test_clocks/${clock.id}`, testKey)).body.test_clock).toMatchObject({
      status: 'advancing',
      frozen_time: '2031-03-06T07:00:00.000Z',
    });

    expect((await call('POST', '/_test/clock', undefined, { advance_seconds: 301 })).status).toBe(200);
    try {
      for (let tick = 0; tick < 20; tick += 1) {
        await call('POST', '/_test/tick');
        if ((await call('GET', `/v1/test_clocks/${clock.id}`, testKey)).body.test_clock.status === 'ready') break;
      }
      expect(await chasesOf(intake, testKey)).toEqual([
        ['invite', 'skipped', 0, FROZEN],
        ['reminder', 'skipped', 1, '2031-03-06T07:00:00.000Z'],
        ['reminder', 'skipped', 2, '2031-03-09T07:00:00.000Z'],
        ['reminder', 'scheduled', 3, '2031-03-13T07:00:00.000Z'],
      ]);
      // The dead scheduler's claim on the reminder was freed at once, so it went at its own instant:
      // the next one was planned then, not a step later.
      const planned = await api.db.query<{ created_at: Date }>(
        `SELECT created_at FROM chases WHERE intake_id = $1 AND kind = 'reminder' AND attempt_no = 2`,
        [intake],
      );
      expect(planned.rows.map((r) => r.created_at.toISOString())).toEqual(['2031-03-06T07:00:00.000Z']);
      expect((await call('GET', `/v1/test_clocks/${clock.id}`, testKey)).body.test_clock).toMatchObject({
        status: 'ready',
        frozen_time: day(7),
      });
    } finally {
      await call('POST', '/_test/clock', undefined, { now: REAL });
    }
  });

  it('forward only, two years at most, one advance at a time', async () => {
    const clock = await newClock();
    const refused = async (to: string) => {
      const answer = await call('POST', `/v1/test_clocks/${clock.id}/advance`, testKey, { frozen_time: to });
      expect([answer.status, answer.body.reason, answer.body.details?.[0]?.path]).toEqual([
        422,
        'validation_failed',
        'frozen_time',
      ]);
    };
    await refused(FROZEN);
    await refused('2031-03-03T20:29:59Z');
    await refused('2033-03-03T20:30:01Z');
    const far = await call('POST', `/v1/test_clocks/${clock.id}/advance`, testKey, {
      frozen_time: '2033-03-03T20:30:00Z',
    });
    expect(far.status).toBe(202);
    const again = await call('POST', `/v1/test_clocks/${clock.id}/advance`, testKey, {
      frozen_time: '2033-03-03T21:00:00Z',
    });
    expect([again.status, again.body.reason]).toEqual([409, 'test_clock_advancing']);
    expect((await call('DELETE', `/v1/test_clocks/${clock.id}`, testKey)).status).toBe(204);
  });

  it('a live key gets 404 on every clock route; a live key or an unknown clock cannot create an intake on one', async () => {
    const clock = await newClock();
    const routes: Array<['GET' | 'POST' | 'DELETE', string, object?]> = [
      ['POST', '/v1/test_clocks', { frozen_time: FROZEN }],
      ['GET', '/v1/test_clocks'],
      ['GET', `/v1/test_clocks/${clock.id}`],
      ['POST', `/v1/test_clocks/${clock.id}/advance`, { frozen_time: day(1) }],
      ['DELETE', `/v1/test_clocks/${clock.id}`],
    ];
    for (const [method, url, payload] of routes) {
      const answer = await call(method, url, owner.key, payload);
      expect([method, url, answer.status, answer.body.error]).toEqual([method, url, 404, 'not_found']);
    }
    expect((await call('GET', '/v1/test_clocks', testKey)).body.test_clocks).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: clock.id, status: 'ready', frozen_time: FROZEN })]),
    );
    for (const [key, clockId] of [
      [owner.key, clock.id],
      [testKey, 'clk_unknown'],
    ] as const) {
      const answer = await call('POST', '/v1/intakes', key, intakeBody({ test_clock: clockId, send: false }));
      expect([answer.status, answer.body.reason, answer.body.details?.[0]?.path]).toEqual([
        400,
        'validation_error',
        'test_clock',
      ]);
    }
  });

  it(
    'holds 100 intakes: the 101st is 422 test_clock_full; deleting the clock deletes them',
    async () => {
      const clock = await newClock();
      const ids: string[] = [];
      for (let i = 0; i < 100; i += 1) ids.push(await createIntake(testKey, { test_clock: clock.id, send: false }));
      const full = await call('POST', '/v1/intakes', testKey, intakeBody({ test_clock: clock.id, send: false }));
      expect([full.status, full.body.error, full.body.reason]).toEqual([422, 'unprocessable', 'test_clock_full']);
      expect((await call('DELETE', `/v1/test_clocks/${clock.id}`, testKey)).status).toBe(204);
      expect((await call('GET', `/v1/intakes/${ids[0]}`, testKey)).status).toBe(404);
      expect((await call('GET', `/v1/test_clocks/${clock.id}`, testKey)).status).toBe(404);
    },
    SLOW,
  );
});
