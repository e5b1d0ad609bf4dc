import { assertSendableSms, SMS_MAX_BODY_LENGTH } from './outgoing-sms';
import { SMS_FAILURES, SmsTransportError } from './sms-transport.error';

const refusal = (to: string, body: string): SmsTransportError | undefined => {
  try {
    assertSendableSms({ to, body });
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(SmsTransportError);
    return error as SmsTransportError;
  }
};

describe('assertSendableSms', () => {
  it.each(['+420601234567', '+15005550006', '+4930123', '+123456789012345'])('accepts %s', (to) => {
    expect(refusal(to, 'Hello')).toBeUndefined();
  });

  it.each([
    '',
    '420601234567',
    '+0420601234567',
    '+420 601 234 567',
    '+420-601-234-567',
    '+123456',
    '+1234567890123456',
    ' +420601234567',
    'tel:+420601234567',
  ])('refuses %j as a permanent invalid_recipient, without echoing it', (to) => {
    const error = refusal(to, 'Hello');
    expect(error).toMatchObject({ reason: 'invalid_recipient', permanent: true });
    expect(error?.message).toBe('the recipient is not an E.164 phone number');
  });

  it('refuses a recipient that is not a string, even one that reads as a number (a JSON array)', () => {
    const error = refusal(['+420601234567'] as unknown as string, 'Hello');
    expect(error).toMatchObject({ reason: 'invalid_recipient', permanent: true });
  });

  it('refuses an empty, blank or over-long body as a permanent rejection', () => {
    expect(refusal('+420601234567', '')).toMatchObject({ reason: 'rejected', message: 'the message body is empty' });
    expect(refusal('+420601234567', ' \n\t')?.reason).toBe('rejected');
    expect(refusal('+420601234567', 'x'.repeat(SMS_MAX_BODY_LENGTH))).toBeUndefined();
    expect(refusal('+420601234567', 'x'.repeat(SMS_MAX_BODY_LENGTH + 1))).toMatchObject({
      reason: 'rejected',
      permanent: true,
      message: 'the message body is longer than 1600 characters',
    });
  });

  it('refuses a body that is not text as empty, not with a TypeError', () => {
    expect(refusal('+420601234567', 42 as unknown as string)).toMatchObject({
      reason: 'rejected',
      message: 'the message body is empty',
    });
  });
});

describe('SmsTransportError', () => {
  it('is permanent only for the reasons a retry cannot fix', () => {
    const permanent = Object.entries(SMS_FAILURES)
      .filter(([, failure]) => failure.permanent)
      .map(([reason]) => reason);
    expect(permanent.sort()).toEqual(['invalid_recipient', 'rejected']);
    const error = new SmsTransportError('unavailable', 'SMS provider is unavailable', { status: 503 });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'SmsTransportError',
      reason: 'unavailable',
      permanent: false,
      provider: { status: 503 },
    });
  });
});
