import { InMemoryMailTransport } from '@intake/testing';
import { MailTransportProbe } from './mail-transport.probe';

describe('MailTransportProbe', () => {
  it('reports the mail transport as ready while it can take mail', async () => {
    const probe = new MailTransportProbe(new InMemoryMailTransport());
    expect(probe.dependency).toBe('mail_transport');
    await expect(probe.check()).resolves.toBeUndefined();
  });

  it("fails with the transport's own message when it cannot", async () => {
    const transport = new InMemoryMailTransport();
    transport.failing = true;
    await expect(new MailTransportProbe(transport).check()).rejects.toThrow('SMTP server unreachable');
  });
});
