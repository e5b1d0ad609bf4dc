import {
  assertSendableSms,
  type OutgoingSms,
  type SentSms,
  SmsTransport,
  type SmsFailureReason,
  SmsTransportError,
} from '@intake/application-sms';

/** An SMS transport that keeps what it was given to send, and refuses what a provider would. */
export class InMemorySmsTransport extends SmsTransport {
  readonly driver = 'memory' as const;
  readonly sent: Array<OutgoingSms & SentSms> = [];
  /** Set to make every send (and the check) fail for this reason, as a provider outage would. */
  failing: SmsFailureReason | false = false;
  /** Numbers the "provider" refuses as `invalid_recipient` (not a mobile, replied STOP…). */
  readonly refusedNumbers = new Set<string>();

  async send(sms: OutgoingSms): Promise<SentSms> {
    assertSendableSms(sms);
    if (this.failing) throw new SmsTransportError(this.failing, `SMS provider failure: ${this.failing} (in memory)`);
    if (this.refusedNumbers.has(sms.to)) {
      throw new SmsTransportError('invalid_recipient', 'SMS provider refused the recipient (in memory)');
    }
    const messageId = `SMmemory${String(this.sent.length + 1).padStart(8, '0')}`;
    this.sent.push({ to: sms.to, body: sms.body, messageId });
    return { messageId };
  }

  async check(): Promise<void> {
    if (this.failing) throw new SmsTransportError(this.failing, `SMS provider failure: ${this.failing} (in memory)`);
  }
}
