import { type OutgoingSms, type SentSms, SmsTransport, SmsTransportError } from '@intake/application-sms';

/** SMS switched off (the default): every send fails with `not_configured`, which the api answers with 503. */
export class DisabledSmsTransport extends SmsTransport {
  readonly driver = 'none' as const;

  async send(_sms: OutgoingSms): Promise<SentSms> {
    throw new SmsTransportError('not_configured', 'SMS is not configured');
  }

  /** Switched off is a configuration, not an outage: readiness does not fail because of it. */
  async check(): Promise<void> {
    return undefined;
  }
}
