import { DependencyProbe } from '@intake/application-health';
import { type MailTransport } from './ports/mail-transport.port';

/** Readiness of whichever mail transport is bound. */
export class MailTransportProbe extends DependencyProbe {
  readonly dependency = 'mail_transport' as const;
  constructor(private readonly transport: MailTransport) {
    super();
  }
  check(): Promise<void> {
    return this.transport.check();
  }
}
