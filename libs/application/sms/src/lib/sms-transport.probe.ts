import { DependencyProbe } from '@intake/application-health';
import { type SmsTransport } from './ports/sms-transport.port';

/** Readiness of whichever SMS transport is bound (the `none` driver always answers). */
export class SmsTransportProbe extends DependencyProbe {
  readonly dependency = 'sms_transport' as const;
  constructor(private readonly transport: SmsTransport) {
    super();
  }
  check(): Promise<void> {
    return this.transport.check();
  }
}
