import { SmsTransport } from './ports/sms-transport.port';
import { SmsTransportError } from './sms-transport.error';
import { SmsTransportProbe } from './sms-transport.probe';

class Transport extends SmsTransport {
  readonly driver = 'memory' as const;
  failure: SmsTransportError | undefined;
  async send(): Promise<never> {
    throw new Error('not used');
  }
  async check(): Promise<void> {
    if (this.failure) throw this.failure;
  }
}

describe('SmsTransportProbe', () => {
  it('is the sms_transport dependency and answers as its transport does', async () => {
    const transport = new Transport();
    const probe = new SmsTransportProbe(transport);
    expect(probe.dependency).toBe('sms_transport');
    await expect(probe.check()).resolves.toBeUndefined();
    transport.failure = new SmsTransportError('unauthorized', 'SMS provider refused our credentials');
    await expect(probe.check()).rejects.toBe(transport.failure);
  });
});
