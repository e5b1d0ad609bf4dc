import { randomToken } from '@intake/ids';
import { Clock } from '@intake/kernel';
import { type DispatchStep, DispatchLog } from '../ports/dispatch-log.port';
import { type DeliveryOutcome, type DueDelivery, DeliveryQueue } from '../ports/delivery-queue.port';
import { DeliverWebhook } from './deliver-webhook';
import { RelayWebhookEvents } from './relay-webhook-events';

/** How a dispatcher works (the app binds it; tests shrink it). */
export class DispatchSettings {
  constructor(
    /** Sends in flight at once. */
    readonly concurrency = 128,
    /**
     * How long a claim holds, in the database's real time: the 10-second time-out, the wait for a
     * free slot (none: a claim takes only as many as are free) and the recording after it, with a
     * wide margin. A dispatcher that dies delays what it held by at most this.
     */
    readonly leaseSeconds = 30,
    /** Pause before recording again after the database refused. */
    readonly retryPauseMs = 1_000,
    /**
     * How long syncing the clock may take: a Redis that is cut off can leave a command waiting
     * for good, and the pump must not wait with it.
     */
    readonly stepTimeoutMs = 3_000,
  ) {}

  /** A claim is made once this many slots are free (or none is busy): claims come in batches. */
  get claimAtLeast(): number {
    return Math.max(1, Math.floor(this.concurrency / 2));
  }
}

/**
 * The dispatcher's engine (issue #13 item 3): on every wake (a notification, the poll) it syncs
 * the Clock, relays committed events into deliveries, claims due deliveries under a lease as slots
 * free up, and keeps up to `concurrency` sends in flight; outcomes are recorded in groups (one
 * statement per group: while one is written, the next gathers). A failing step (the database or
 * Redis away) is logged once and tried again at the next wake; recording is retried until it
 * succeeds. `stop()` claims nothing more, lets the sends in flight finish and records them.
 */
export class DeliveryPump {
  static readonly inject = [
    RelayWebhookEvents,
    DeliveryQueue,
    DeliverWebhook,
    Clock,
    DispatchLog,
    DispatchSettings,
  ] as const;

  private wanted = false;
  /** Committed events may wait for the relay: set by every wake, cleared once a relay found none. */
  private relayWanted = false;
  private stopping = false;
  private loopDone: Promise<void> | undefined;
  private nudge: (() => void) | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly failing = new Set<DispatchStep>();
  private readonly outcomes: DeliveryOutcome[] = [];
  private recording: Promise<void> | undefined;
  private sent = 0;

  constructor(
    private readonly relay: RelayWebhookEvents,
    private readonly queue: DeliveryQueue,
    private readonly deliver: DeliverWebhook,
    private readonly clock: Clock,
    private readonly log: DispatchLog,
    private readonly settings: DispatchSettings,
  ) {}

  /** Work may be waiting: an event committed, a delivery queued, or the poll. */
  wake(): void {
    this.wanted = true;
    this.relayWanted = true;
    this.nudge?.();
  }

  start(): void {
    this.loopDone ??= this.loop();
  }

  /** Claims nothing more; resolves once every send in flight has finished and been recorded. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.nudge?.();
    await this.loopDone;
  }

  /** Attempts made since the start (deliveries settled without sending included). */
  get attempts(): number {
    return this.sent;
  }

  private async loop(): Promise<void> {
    const { concurrency, claimAtLeast } = this.settings;
    while (!this.stopping) {
      const free = concurrency - this.inFlight.size;
      if (this.wanted && (free >= claimAtLeast || this.inFlight.size === 0)) {
        this.wanted = false;
        for (const delivery of await this.claim(free)) this.launch(delivery);
        continue;
      }
      // Until a wake, a send finishing or stop(): nothing runs between the test above and here.
      await new Promise<void>((resolve) => (this.nudge = resolve));
      this.nudge = undefined;
    }
    await Promise.all(this.inFlight);
    await this.flush();
  }

  /** Relays what was committed, then claims up to `limit` due deliveries; [] when a step failed. */
  private async claim(limit: number): Promise<DueDelivery[]> {
    const now = await this.step('clock', async () => {
      await withTimeout(this.clock.sync(), this.settings.stepTimeoutMs, 'the clock did not answer');
      return this.clock.now();
    });
    if (!now) return [];
    // Once per wake, not before every claim of a backlog: an empty relay is a transaction too.
    if (this.relayWanted) {
      this.relayWanted = false;
      const relayed = await this.step('relay', () => this.relay.run(now));
      if (relayed === undefined) this.relayWanted = true;
    }
    const claimed = await this.step('claim', () =>
      this.queue.claimDue(now, limit, { token: randomToken(12), seconds: this.settings.leaseSeconds }),
    );
    if (claimed?.length === limit) this.wanted = true; // more may be due
    return claimed ?? [];
  }

  private launch(delivery: DueDelivery): void {
    // `sign` fails only when the secret cannot be opened (a wrong SECRETS_KEY): nothing was
    // sent or recorded, the lease runs out and the delivery is tried again.
    const sending: Promise<void> = this.step('sign', () => this.deliver.attempt(delivery))
      .then((attempted) => {
        if (!attempted) return;
        this.sent += 1;
        this.log.attempt(attempted.log);
        this.outcomes.push(attempted.outcome);
        void this.record();
      })
      .finally(() => {
        this.inFlight.delete(sending);
        this.nudge?.();
      });
    this.inFlight.add(sending);
  }

  /**
   * Records what has gathered, one group at a time; a group the database refused is tried again
   * after a pause. Once stopping, it gives up after the lease's length (the leases run out, and
   * the deliveries are sent again by whoever claims them).
   */
  private record(): Promise<void> {
    this.recording ??= (async () => {
      let refusals = 0;
      while (this.outcomes.length > 0) {
        const group = this.outcomes.splice(0);
        const done = await this.step('record', () => this.queue.record(group, this.clock.now()));
        if (done !== undefined) continue;
        refusals += 1;
        if (this.stopping && refusals * this.settings.retryPauseMs > this.settings.leaseSeconds * 1000) return;
        this.outcomes.unshift(...group);
        await new Promise((resolve) => setTimeout(resolve, this.settings.retryPauseMs));
      }
    })().finally(() => (this.recording = undefined));
    return this.recording;
  }

  /** Until every outcome is recorded, or recording gave up. */
  private async flush(): Promise<void> {
    while (this.recording || this.outcomes.length > 0) {
      await this.record();
      if (this.failing.has('record')) return;
    }
  }

  /** Runs one step; a failure is logged once (and its recovery), and gives undefined. */
  private async step<T>(name: DispatchStep, work: () => Promise<T>): Promise<T | undefined> {
    try {
      const result = await work();
      if (this.failing.delete(name)) this.log.recovered(name);
      return result;
    } catch (error) {
      if (!this.failing.has(name)) {
        this.failing.add(name);
        this.log.trouble(name, error);
      }
      return undefined;
    }
  }
}

/** `work`, or a rejection after `ms` (the work itself is left to finish or not). */
function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
