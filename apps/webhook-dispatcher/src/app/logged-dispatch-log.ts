import { Injectable, Logger } from '@nestjs/common';
import { Metrics } from '@intake/http';
import { type AttemptLogEntry, DispatchLog, type DispatchStep } from '@intake/application-webhooks';

const WHAT: Record<DispatchStep, string> = {
  clock: 'cannot read the shared test clock (Redis)',
  relay: 'cannot relay webhook events (PostgreSQL)',
  claim: 'cannot claim due webhook deliveries (PostgreSQL)',
  sign: "cannot open an endpoint's signing secret (is SECRETS_KEY the api's?)",
  record: 'cannot record webhook attempts (PostgreSQL)',
};

/**
 * The dispatcher's log lines: one per attempt with its delivery, endpoint, event, number, status,
 * response code and error (never a secret, a signature or a URL, whose path is a credential for
 * chat endpoints); a warning when a step starts failing (the dispatcher waits and tries again, it
 * does not exit) and a line when it works again.
 */
@Injectable()
export class LoggedDispatchLog extends DispatchLog {
  private readonly logger = new Logger('Dispatcher');

  constructor(private readonly metrics: Metrics) {
    super();
  }

  attempt(entry: AttemptLogEntry): void {
    this.metrics.webhookDeliveries.observe({ outcome: entry.status }, entry.duration_ms / 1000);
    const { event, ...fields } = entry;
    const line = { event: 'webhook.attempt', webhook_event: event, ...fields };
    if (entry.status === 'failed') this.logger.warn(line);
    else this.logger.log(line);
  }

  trouble(step: DispatchStep, error: unknown): void {
    this.logger.warn({
      event: 'webhook.dispatch_trouble',
      step,
      error: error instanceof Error ? error.message : String(error),
      msg: `${WHAT[step]}; waiting and trying again`,
    });
  }

  recovered(step: DispatchStep): void {
    this.logger.log({ event: 'webhook.dispatch_recovered', step, msg: `${step} works again` });
  }
}
