import { InMemorySmsTransport } from '../in-memory';
import { describeSmsTransportContract } from './sms-transport.contract';

describeSmsTransportContract('in memory', async () => {
  const transport = new InMemorySmsTransport();
  return {
    transport,
    delivered: async () => transport.sent.map(({ messageId, to, body }) => ({ messageId, to, body })),
    breakTemporarily: async () => {
      transport.failing = 'unavailable';
    },
    restore: async () => {
      transport.failing = false;
    },
    secrets: [],
    teardown: async () => undefined,
  };
});

describe('InMemorySmsTransport', () => {
  it('refuses the numbers it is told to as a provider would, and keeps a copy of what it sent', async () => {
    const transport = new InMemorySmsTransport();
    transport.refusedNumbers.add('+420601000000');
    await expect(transport.send({ to: '+420601000000', body: 'Hi' })).rejects.toMatchObject({
      reason: 'invalid_recipient',
      permanent: true,
    });
    const sms = { to: '+420601000001', body: 'Hi' };
    const { messageId } = await transport.send(sms);
    sms.body = 'changed';
    expect(transport.sent).toEqual([{ to: '+420601000001', body: 'Hi', messageId }]);
  });
});
