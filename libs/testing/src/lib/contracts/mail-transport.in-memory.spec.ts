import { InMemoryMailTransport } from '../in-memory/mail-transport';
import { describeMailTransportContract } from './mail-transport.contract';

describeMailTransportContract('in memory', async () => {
  const transport = new InMemoryMailTransport('Intake <no-reply@example.test>');
  return {
    transport,
    defaultFrom: 'no-reply@example.test',
    delivered: async () =>
      transport.sent.map((mail) => ({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        body: mail.text,
        headers: {
          ...Object.fromEntries(Object.entries(mail.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
          ...(mail.replyTo ? { 'reply-to': mail.replyTo } : {}),
        },
        messageId: mail.messageId,
      })),
    unreachable: () => Object.assign(new InMemoryMailTransport(), { failing: true }),
    teardown: async () => undefined,
  };
});
