import { BeforeApplicationShutdown, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DeliveryPump, DeliveryWakeups } from '@intake/application-webhooks';

/** How often the dispatcher looks for work without being told (a lost notification only delays this much). */
export const POLL_EVERY_MS = 1_000;

/**
 * Runs the delivery pump for the app's lifetime: woken by LISTEN (events committed, deliveries
 * queued) and every second. On shutdown (SIGTERM) it stops claiming, lets the sends in flight
 * finish and records them, before the database connections close.
 */
@Injectable()
export class DispatcherWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private poll: NodeJS.Timeout | undefined;

  constructor(
    private readonly pump: DeliveryPump,
    private readonly wakeups: DeliveryWakeups,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.pump.start();
    await this.wakeups.listen(() => this.pump.wake());
    this.poll = setInterval(() => this.pump.wake(), POLL_EVERY_MS);
    this.pump.wake();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.poll);
    await this.wakeups.close();
    await this.pump.stop();
  }
}
