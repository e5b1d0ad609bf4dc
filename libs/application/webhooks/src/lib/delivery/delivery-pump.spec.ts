import { anEndpoint, InMemoryContext, InMemoryDeliveryQueue } from '@intake/testing';
import { Clock, ManualClock } from '@intake/kernel';
import { type DeliveryOutcome, DeliveryQueue, type DueDelivery, type Lease } from '../ports/delivery-queue.port';
import { type AttemptResult } from '../ports/webhook-sender.port';
import { DeliveryPump, DispatchSettings } from './delivery-pump';

/** Polls `probe` until it holds (2 s at most). */
async function until(probe: () => boolean | Promise<boolean>, what = 'the condition'): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A queue that can refuse (the database away) and counts what it is asked. */
class FlakyQueue extends InMemoryDeliveryQueue {
  claims: number[] = [];
  records: number[] = [];
  refuse: { claim: number; record: number } = { claim: 0, record: 0 };

  override async claimDue(now: Date, limit: number, lease: Lease): Promise<DueDelivery[]> {
    if (this.refuse.claim > 0 && this.refuse.claim--) throw new Error('connection refused');
    this.claims.push(limit);
    return super.claimDue(now, limit, lease);
  }

  override async record(outcomes: readonly DeliveryOutcome[], now: Date): Promise<number> {
    if (this.refuse.record > 0 && this.refuse.record--) throw new Error('connection reset');
    this.records.push(outcomes.length);
    return super.record(outcomes, now);
  }
}

/** A clock that counts how often it was brought up to date (the shared test clock syncs from Redis). */
class SyncedClock extends ManualClock {
  syncs = 0;
  override async sync(): Promise<void> {
    this.syncs += 1;
  }
}

describe('DeliveryPump (the dispatcher: relay, claim, send, record)', () => {
  let context: InMemoryContext;
  let queue: FlakyQueue;
  let clock: SyncedClock;
  let pump: DeliveryPump;
  let endpointId: string;

  beforeEach(async () => {
    context = new InMemoryContext();
    queue = new FlakyQueue(context.db);
    clock = new SyncedClock(context.clock.now());
    context
      .bind(DeliveryQueue, queue)
      .bind(Clock, clock)
      .bind(DispatchSettings, new DispatchSettings(4, 30, 10));
    const endpoint = anEndpoint('acc_a', {
      events: ['item.submitted'],
      secret_sealed: context.secretBox.seal('whsec_x'),
    });
    await context.db.uow.run(() => context.webhookEndpoints.insert(endpoint, 100));
    endpointId = endpoint.id;
    pump = context.use(DeliveryPump);
  });
  afterEach(async () => {
    await pump.stop();
  });

  /** `count` events committed for the endpoint's account. */
  const commit = (count: number) =>
    context.db.uow.run(async () => {
      for (let n = 0; n < count; n += 1) {
        const payload = { event: 'item.submitted', intake_id: `in_${n}`, timestamp: 1_795_000_000, n };
        await context.db.outbox.append('webhook', { account_id: 'acc_a', mode: 'live', payload }, clock.now());
      }
    });
  const rows = () => context.db.webhookDeliveries.rows.filter((d) => d.endpoint_id === endpointId);
  const settled = () => queue.settled(clock.now());

  it('on a wake, relays what was committed and delivers it, recording every attempt', async () => {
    await commit(10);
    pump.start();
    pump.wake();
    await until(settled, 'everything delivered');
    expect(rows().map((d) => [d.status, d.attempts, d.response_code, d.lease_token ?? null])).toEqual(
      Array.from({ length: 10 }, () => ['delivered', 1, 204, null]),
    );
    expect(context.webhookSender.sent.map((s) => JSON.parse(s.body).n).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(context.dispatchLog.attempts).toHaveLength(10);
    expect(pump.attempts).toBe(10);
    // The clock was brought up to date before the claims (the test clock lives in Redis).
    expect(clock.syncs).toBeGreaterThanOrEqual(1);
  });

  it('keeps at most `concurrency` sends in flight, claiming as slots free up; outcomes are recorded in groups', async () => {
    let inFlight = 0;
    let most = 0;
    const gates: Array<() => void> = [];
    context.webhookSender.answer = () =>
      new Promise<AttemptResult>((resolve) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        gates.push(() => {
          inFlight -= 1;
          resolve({ response_code: 200, error: null });
        });
      });
    await commit(30);
    pump.start();
    pump.wake();
    while (!(await settled())) {
      await until(() => gates.length > 0 || inFlight === 0, 'a send in flight');
      gates.splice(0).forEach((open) => open());
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(most).toBe(4);
    expect(rows().filter((d) => d.status === 'delivered')).toHaveLength(30);
    expect(queue.claims.every((limit) => limit >= 1 && limit <= 4)).toBe(true);
    expect(queue.records.reduce((a, b) => a + b, 0)).toBe(30);
    expect(queue.records.length).toBeLessThan(30);
  });

  it('retries at the scheduled time: nothing more until the clock gets there and something wakes the pump', async () => {
    context.webhookSender.answer = () => ({ response_code: 500, error: 'the receiver answered HTTP 500' });
    await commit(1);
    pump.start();
    pump.wake();
    await until(async () => rows()[0]?.attempts === 1, 'the first attempt');
    clock.advance(59);
    pump.wake();
    await until(settled);
    expect(rows()[0]).toMatchObject({ status: 'pending', attempts: 1 });
    clock.advance(1);
    pump.wake();
    await until(async () => rows()[0]?.attempts === 2, 'the second attempt');
    expect(rows()[0]).toMatchObject({ status: 'pending', next_retry_at: new Date(clock.now().getTime() + 300_000) });
  });

  it('stop() claims nothing more, and lets the sends in flight finish and be recorded', async () => {
    const gates: Array<() => void> = [];
    context.webhookSender.answer = () =>
      new Promise<AttemptResult>((resolve) => gates.push(() => resolve({ response_code: 200, error: null })));
    await commit(12);
    pump.start();
    pump.wake();
    await until(() => gates.length === 4, 'four sends in flight');
    const stopped = pump.stop();
    pump.wake(); // ignored from now on
    gates.splice(0).forEach((open) => open());
    await stopped;
    expect(rows().filter((d) => d.status === 'delivered')).toHaveLength(4);
    expect(rows().filter((d) => d.status === 'pending' && d.lease_until === null)).toHaveLength(8);
    expect(context.webhookSender.sent).toHaveLength(4);
  });

  it('a step the database refuses is logged once, left to the next wake, and its recovery logged', async () => {
    queue.refuse.claim = 2;
    await commit(2);
    pump.start();
    pump.wake();
    await until(() => context.dispatchLog.troubles.length === 1, 'the trouble logged');
    pump.wake(); // refused again: not logged twice
    await until(() => queue.refuse.claim === 0, 'the second refusal');
    expect(context.webhookSender.sent).toEqual([]);
    pump.wake();
    await until(settled, 'everything delivered');
    expect(context.dispatchLog.troubles.map((t) => t.step)).toEqual(['claim']);
    expect(context.dispatchLog.recoveries).toEqual(['claim']);
    expect(rows().every((d) => d.status === 'delivered')).toBe(true);
  });

  it('outcomes the database refused to record are recorded once it answers again, each attempt once', async () => {
    queue.refuse.record = 2;
    await commit(3);
    pump.start();
    pump.wake();
    await until(settled, 'everything recorded');
    expect(rows().map((d) => [d.status, d.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
      ['delivered', 1],
    ]);
    expect(context.webhookSender.sent).toHaveLength(3);
    expect(context.dispatchLog.troubles.map((t) => t.step)).toEqual(['record']);
    expect(context.dispatchLog.recoveries).toEqual(['record']);
  });
});
