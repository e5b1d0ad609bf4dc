import { readProviderBody } from './provider-body';

const SES = {
  notificationType: 'Bounce',
  mail: { messageId: '0100018f-ses', commonHeaders: { messageId: '<chase-1@intake.test>' } },
  bounce: {
    bounceType: 'Permanent',
    bouncedRecipients: [{ emailAddress: 'client@example.com' }],
    timestamp: '2026-06-01T10:00:00Z',
  },
};
const NOTIFICATION = {
  provider_message_id: '0100018f-ses',
  header_message_id: '<chase-1@intake.test>',
  events: [
    {
      type: 'bounce',
      recipient: 'client@example.com',
      bounce_type: 'Permanent',
      at: new Date('2026-06-01T10:00:00Z'),
    },
  ],
};
const sns = (fields: Record<string, unknown>) => ({
  Type: 'Notification',
  MessageId: 'sns-1',
  TopicArn: 'arn:aws:sns:eu-west-1:123456789012:ses-events',
  Timestamp: '2026-06-01T10:00:01.000Z',
  ...fields,
});

describe('readProviderBody', () => {
  it.each`
    case                                | raw
    ${'an SES notification'}            | ${SES}
    ${'the same as a JSON text'}        | ${JSON.stringify(SES)}
    ${'wrapped in an SNS envelope'}     | ${sns({ Message: JSON.stringify(SES) })}
    ${'an SNS envelope as a JSON text'} | ${JSON.stringify(sns({ Message: JSON.stringify(SES) }))}
  `('reads $case', ({ raw }) => {
    expect(readProviderBody(raw)).toEqual({ kind: 'notification', notification: NOTIFICATION });
  });

  it.each(['SubscriptionConfirmation', 'UnsubscribeConfirmation'])('reports an SNS %s as a handshake', (type) => {
    const body = sns({ Type: type, SubscribeURL: 'https://sns.example/confirm?token=t', Message: 'confirm' });
    expect(readProviderBody(body)).toEqual({
      kind: 'handshake',
      type,
      topic_arn: 'arn:aws:sns:eu-west-1:123456789012:ses-events',
      subscribe_url: 'https://sns.example/confirm?token=t',
    });
  });

  it.each`
    case                                      | raw                                                       | details
    ${'a text that is not JSON'}              | ${'Bounce!'}                                              | ${[['body', 'must be a JSON object']]}
    ${'an unknown SNS message type'}          | ${sns({ Type: 'Ping' })}                                  | ${[['Type', 'must be Notification, SubscriptionConfirmation or UnsubscribeConfirmation']]}
    ${'an envelope without its message'}      | ${sns({})}                                                | ${[['Message', 'must be a JSON text']]}
    ${'an envelope whose message is no JSON'} | ${sns({ Message: 'Bounce' })}                             | ${[['Message', 'must be a JSON text']]}
    ${'an envelope with an object message'}   | ${sns({ Message: SES })}                                  | ${[['Message', 'must be a JSON text']]}
    ${'a malformed notification inside'}      | ${sns({ Message: JSON.stringify({ ...SES, mail: {} }) })} | ${[['Message.mail.messageId', 'must be a non-empty string']]}
    ${'a malformed notification as it is'}    | ${{ ...SES, notificationType: 'Open' }}                   | ${[['notificationType', 'must be one of Bounce, Complaint, Delivery']]}
  `('refuses $case with 422 naming the field', ({ raw, details }) => {
    const read = readProviderBody(raw);
    expect(read.kind).toBe('invalid');
    if (read.kind !== 'invalid') return;
    expect(read.error).toMatchObject({ code: 'unprocessable', reason: 'validation_failed' });
    expect(read.error.details).toEqual((details as string[][]).map(([path, message]) => ({ path, message })));
  });
});
