import { type OutgoingSms } from './ports/sms-transport.port';
import { SmsTransportError } from './sms-transport.error';

/** An E.164 phone number: `+`, a country code not starting with 0, 7 to 15 digits in all. */
export const E164 = /^\+[1-9]\d{6,14}$/;

/** Twilio's limit on one message's text (it is split into segments below that). */
export const SMS_MAX_BODY_LENGTH = 1600;

/**
 * Refuses, before any provider is asked, what no provider would accept, so every driver (the
 * in-memory twin included) fails the same way on the same input.
 */
export function assertSendableSms(sms: OutgoingSms): void {
  if (typeof sms.to !== 'string' || !E164.test(sms.to)) {
    throw new SmsTransportError('invalid_recipient', 'the recipient is not an E.164 phone number');
  }
  if (typeof sms.body !== 'string' || sms.body.trim() === '') {
    throw new SmsTransportError('rejected', 'the message body is empty');
  }
  if (sms.body.length > SMS_MAX_BODY_LENGTH) {
    throw new SmsTransportError('rejected', `the message body is longer than ${SMS_MAX_BODY_LENGTH} characters`);
  }
}
