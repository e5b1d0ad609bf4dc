import { Injectable } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';

/** Whether this process received SIGTERM: /readyz answers 503 `shutting_down` from then on. */
@Injectable()
export class ShutdownState {
  stopping = false;
}

export interface ShutdownSettings {
  /** The whole budget after SIGTERM: past it the process exits 1 with what is left unfinished. */
  graceSeconds: number;
  /** How long the app keeps serving, with readiness 503, before it stops taking work. */
  drainSeconds: number;
}

export interface ShutdownPlan {
  app: INestApplication;
  logger: Logger;
  settings: ShutdownSettings;
  /** Closed after the app (the api's metrics port, the trace exporter's flush). */
  after?: Array<() => Promise<void>>;
  /** process.exit by default; tests pass their own. */
  exit?: (code: number) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGTERM (or SIGINT): readiness turns 503 at once; after the drain period the app stops taking
 * work and finishes what it holds (Nest's app.close(): the workers' beforeApplicationShutdown
 * stop claiming and wait for their jobs, Fastify closes the port and lets the requests in flight
 * answer, then the pools and queues close) and the process exits 0. Past SHUTDOWN_GRACE_SECONDS it
 * exits 1. A second signal changes nothing.
 */
export function shutDownOnSignals(plan: ShutdownPlan): void {
  const exit = plan.exit ?? ((code: number) => process.exit(code));
  let started = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (started) return;
    started = true;
    const { graceSeconds, drainSeconds } = plan.settings;
    plan.app.get(ShutdownState, { strict: false }).stopping = true;
    plan.logger.info({ event: 'shutdown.started', signal, drain_seconds: drainSeconds, grace_seconds: graceSeconds });
    const deadline = setTimeout(() => {
      plan.logger.error({ event: 'shutdown.timeout', grace_seconds: graceSeconds }, 'shutdown did not finish in time');
      exit(1);
    }, graceSeconds * 1000);
    try {
      if (drainSeconds > 0) await sleep(drainSeconds * 1000);
      await plan.app.close();
      for (const close of plan.after ?? []) await close();
      clearTimeout(deadline);
      plan.logger.info({ event: 'shutdown.finished' }, 'stopped');
      exit(0);
    } catch (error) {
      clearTimeout(deadline);
      plan.logger.error({ event: 'shutdown.failed', err: error }, 'shutdown failed');
      exit(1);
    }
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
}
