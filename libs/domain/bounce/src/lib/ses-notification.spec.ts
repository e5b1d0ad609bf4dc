import { DomainError } from '@intake/errors';
import { messageIdsOf, normaliseMessageId, parseSesNotification } from './ses-notification';

const MAIL = {
  timestamp: '2026-06-01T09:59:58.000Z',
  messageId: '0100018f-ses-message',
  source: 'reminders@example.net',
  destination: ['client@example.com', 'partner@example.com'],
};

// Shaped after the SES notification samples: fields the parser does not need ride along.
const BOUNCE = {
  notificationType: 'Bounce',
  bounce: {
    bounceType: 'Permanent',
    bounceSubType: 'General',
    bouncedRecipients: [
      { emailAddress: 'client@example.com', action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1' },
      { emailAddress: 'Partner@Example.com' },
    ],
    timestamp: '2026-06-01T10:00:00.123Z',
    feedbackId: 'feedback-1',
  },
  mail: MAIL,
};
const COMPLAINT = {
  notificationType: 'Complaint',
  complaint: {
    complainedRecipients: [{ emailAddress: 'client@example.com' }],
    timestamp: '2026-06-01T12:00:00+02:00',
    feedbackId: 'feedback-2',
    complaintFeedbackType: 'abuse',
  },
  mail: MAIL,
};
const DELIVERY = {
  notificationType: 'Delivery',
  delivery: {
    timestamp: '2026-06-01T10:00:00Z',
    processingTimeMillis: 546,
    recipients: ['client@example.com'],
    smtpResponse: '250 ok',
  },
  mail: MAIL,
};

const AT = new Date('2026-06-01T10:00:00Z');

describe('parseSesNotification: well-formed notifications', () => {
  it('reads a bounce into one event per bounced recipient', () => {
    expect(parseSesNotification(BOUNCE)).toEqual({
      notification: {
        provider_message_id: '0100018f-ses-message',
        events: [
          {
            type: 'bounce',
            recipient: 'client@example.com',
            bounce_type: 'Permanent',
            at: new Date('2026-06-01T10:00:00.123Z'),
          },
          {
            type: 'bounce',
            recipient: 'Partner@Example.com',
            bounce_type: 'Permanent',
            at: new Date('2026-06-01T10:00:00.123Z'),
          },
        ],
      },
    });
  });

  it.each(['Transient', 'Undetermined'])('keeps the bounce type %s', (bounceType) => {
    const parsed = parseSesNotification({ ...BOUNCE, bounce: { ...BOUNCE.bounce, bounceType } });
    expect(parsed.notification?.events.map((event) => event.type === 'bounce' && event.bounce_type)).toEqual([
      bounceType,
      bounceType,
    ]);
  });

  it.each`
    body         | event
    ${COMPLAINT} | ${{ type: 'complaint', recipient: 'client@example.com', at: AT }}
    ${DELIVERY}  | ${{ type: 'delivery', recipient: 'client@example.com', at: AT }}
  `('reads a $body.notificationType', ({ body, event }) => {
    expect(parseSesNotification(body)).toEqual({
      notification: { provider_message_id: '0100018f-ses-message', events: [event] },
    });
  });
});

type Body = Record<string, unknown>;
const withBounce = (change: Body): Body => ({ ...BOUNCE, bounce: { ...BOUNCE.bounce, ...change } });
const without = (body: Body, field: string): Body =>
  Object.fromEntries(Object.entries(body).filter(([k]) => k !== field));

const ADDRESS = 'must be an e-mail address';
const TIMESTAMP = 'must be an ISO 8601 timestamp';

describe('parseSesNotification: malformed input', () => {
  it.each`
    case                                | body                                                                                                     | details
    ${'null'}                           | ${null}                                                                                                  | ${[['body', 'must be an object']]}
    ${'an array'}                       | ${[BOUNCE]}                                                                                              | ${[['body', 'must be an object']]}
    ${'a string'}                       | ${'Bounce'}                                                                                              | ${[['body', 'must be an object']]}
    ${'no notificationType'}            | ${without(BOUNCE, 'notificationType')}                                                                   | ${[['notificationType', 'must be one of Bounce, Complaint, Delivery']]}
    ${'an unknown notificationType'}    | ${{ ...BOUNCE, notificationType: 'Open' }}                                                               | ${[['notificationType', 'must be one of Bounce, Complaint, Delivery']]}
    ${'no mail'}                        | ${without(BOUNCE, 'mail')}                                                                               | ${[['mail', 'must be an object']]}
    ${'mail as an array'}               | ${{ ...BOUNCE, mail: [MAIL] }}                                                                           | ${[['mail', 'must be an object']]}
    ${'no messageId'}                   | ${{ ...BOUNCE, mail: without(MAIL, 'messageId') }}                                                       | ${[['mail.messageId', 'must be a non-empty string']]}
    ${'a blank messageId'}              | ${{ ...BOUNCE, mail: { ...MAIL, messageId: '  ' } }}                                                     | ${[['mail.messageId', 'must be a non-empty string']]}
    ${'a numeric messageId'}            | ${{ ...BOUNCE, mail: { ...MAIL, messageId: 42 } }}                                                       | ${[['mail.messageId', 'must be a non-empty string']]}
    ${'no bounce section'}              | ${without(BOUNCE, 'bounce')}                                                                             | ${[['bounce', 'must be an object']]}
    ${'a bounce section of null'}       | ${{ ...BOUNCE, bounce: null }}                                                                           | ${[['bounce', 'must be an object']]}
    ${'no complaint section'}           | ${{ ...BOUNCE, notificationType: 'Complaint' }}                                                          | ${[['complaint', 'must be an object']]}
    ${'an unknown bounceType'}          | ${withBounce({ bounceType: 'Soft' })}                                                                    | ${[['bounce.bounceType', 'must be one of Permanent, Transient, Undetermined']]}
    ${'a lower-case bounceType'}        | ${withBounce({ bounceType: 'permanent' })}                                                               | ${[['bounce.bounceType', 'must be one of Permanent, Transient, Undetermined']]}
    ${'no timestamp'}                   | ${withBounce({ timestamp: undefined })}                                                                  | ${[['bounce.timestamp', TIMESTAMP]]}
    ${'a timestamp in words'}           | ${withBounce({ timestamp: 'yesterday' })}                                                                | ${[['bounce.timestamp', TIMESTAMP]]}
    ${'a date without a time'}          | ${withBounce({ timestamp: '2026-06-01' })}                                                               | ${[['bounce.timestamp', TIMESTAMP]]}
    ${'a timestamp without a zone'}     | ${withBounce({ timestamp: '2026-06-01T10:00:00' })}                                                      | ${[['bounce.timestamp', TIMESTAMP]]}
    ${'text before the timestamp'}      | ${withBounce({ timestamp: 'x2026-06-01T10:00:00Z' })}                                                    | ${[['bounce.timestamp', TIMESTAMP]]}
    ${'text after the timestamp'}       | ${withBounce({ timestamp: '2026-06-01T10:00:00Zx' })}                                                    | ${[['bounce.timestamp', TIMESTAMP]]}
    ${'an impossible date'}             | ${withBounce({ timestamp: '2026-13-45T10:00:00Z' })}                                                     | ${[['bounce.timestamp', TIMESTAMP]]}
    ${'a timestamp in a list'}          | ${withBounce({ timestamp: ['2026-06-01T10:00:00Z'] })}                                                   | ${[['bounce.timestamp', TIMESTAMP]]}
    ${'a numeric timestamp'}            | ${withBounce({ timestamp: 1780308000 })}                                                                 | ${[['bounce.timestamp', TIMESTAMP]]}
    ${'no bouncedRecipients'}           | ${withBounce({ bouncedRecipients: undefined })}                                                          | ${[['bounce.bouncedRecipients', 'must be a non-empty array']]}
    ${'empty bouncedRecipients'}        | ${withBounce({ bouncedRecipients: [] })}                                                                 | ${[['bounce.bouncedRecipients', 'must be a non-empty array']]}
    ${'bouncedRecipients as an object'} | ${withBounce({ bouncedRecipients: { emailAddress: 'a@b.c' } })}                                          | ${[['bounce.bouncedRecipients', 'must be a non-empty array']]}
    ${'a recipient without an address'} | ${withBounce({ bouncedRecipients: [{ emailAddress: 'a@b.c' }, { status: '5' }] })}                       | ${[['bounce.bouncedRecipients[1].emailAddress', ADDRESS]]}
    ${'a recipient of null'}            | ${withBounce({ bouncedRecipients: [null] })}                                                             | ${[['bounce.bouncedRecipients[0].emailAddress', ADDRESS]]}
    ${'an address in a list'}           | ${withBounce({ bouncedRecipients: [{ emailAddress: ['a@b.c'] }] })}                                      | ${[['bounce.bouncedRecipients[0].emailAddress', ADDRESS]]}
    ${'a recipient as a plain string'}  | ${withBounce({ bouncedRecipients: ['a@b.c'] })}                                                          | ${[['bounce.bouncedRecipients[0].emailAddress', ADDRESS]]}
    ${'an address without @'}           | ${withBounce({ bouncedRecipients: [{ emailAddress: 'client.example.com' }] })}                           | ${[['bounce.bouncedRecipients[0].emailAddress', ADDRESS]]}
    ${'an address with a space'}        | ${withBounce({ bouncedRecipients: [{ emailAddress: 'a b@example.com' }] })}                              | ${[['bounce.bouncedRecipients[0].emailAddress', ADDRESS]]}
    ${'an address ending in @'}         | ${withBounce({ bouncedRecipients: [{ emailAddress: 'client@' }] })}                                      | ${[['bounce.bouncedRecipients[0].emailAddress', ADDRESS]]}
    ${'an address starting with @'}     | ${withBounce({ bouncedRecipients: [{ emailAddress: '@example.com' }] })}                                 | ${[['bounce.bouncedRecipients[0].emailAddress', ADDRESS]]}
    ${'an address with two @'}          | ${withBounce({ bouncedRecipients: [{ emailAddress: 'a@b@example.com' }] })}                              | ${[['bounce.bouncedRecipients[0].emailAddress', ADDRESS]]}
    ${'a complaint without addresses'}  | ${{ ...COMPLAINT, complaint: { ...COMPLAINT.complaint, complainedRecipients: [{}] } }}                   | ${[['complaint.complainedRecipients[0].emailAddress', ADDRESS]]}
    ${'a complaint with a bad time'}    | ${{ ...COMPLAINT, complaint: { ...COMPLAINT.complaint, timestamp: '' } }}                                | ${[['complaint.timestamp', TIMESTAMP]]}
    ${'a delivery recipient object'}    | ${{ ...DELIVERY, delivery: { ...DELIVERY.delivery, recipients: ['a@b.c', { emailAddress: 'a@b.c' }] } }} | ${[['delivery.recipients[1]', ADDRESS]]}
    ${'no delivery recipients'}         | ${{ ...DELIVERY, delivery: { ...DELIVERY.delivery, recipients: [] } }}                                   | ${[['delivery.recipients', 'must be a non-empty array']]}
    ${'every part wrong at once'}       | ${{ notificationType: 'Bounce', mail: {}, bounce: { bouncedRecipients: [{}, 'x'] } }}                    | ${[['mail.messageId', 'must be a non-empty string'], ['bounce.bounceType', 'must be one of Permanent, Transient, Undetermined'], ['bounce.timestamp', TIMESTAMP], ['bounce.bouncedRecipients[0].emailAddress', ADDRESS], ['bounce.bouncedRecipients[1].emailAddress', ADDRESS]]}
    ${'no mail and no type'}            | ${{ notificationType: 'Send' }}                                                                          | ${[['mail', 'must be an object'], ['notificationType', 'must be one of Bounce, Complaint, Delivery']]}
    ${'no mail and no section'}         | ${{ notificationType: 'Delivery' }}                                                                      | ${[['mail', 'must be an object'], ['delivery', 'must be an object']]}
  `('refuses $case', ({ body, details }) => {
    const parsed = parseSesNotification(body);
    expect(parsed.notification).toBeUndefined();
    expect(parsed.error).toBeInstanceOf(DomainError);
    expect(parsed.error).toMatchObject({
      code: 'unprocessable',
      reason: 'validation_failed',
      message: 'The mail provider notification is malformed.',
    });
    expect(parsed.error?.details).toEqual((details as string[][]).map(([path, message]) => ({ path, message })));
  });
});

describe('message ids', () => {
  it('keeps the original Message-ID header when the notification includes it, and ignores a malformed one', () => {
    const withHeaders = { ...BOUNCE, mail: { ...MAIL, commonHeaders: { messageId: '<chase-1@intake.test>' } } };
    expect(parseSesNotification(withHeaders).notification?.header_message_id).toBe('<chase-1@intake.test>');
    for (const commonHeaders of [{ messageId: 42 }, { messageId: ' ' }, 'x', null]) {
      const parsed = parseSesNotification({ ...BOUNCE, mail: { ...MAIL, commonHeaders } });
      expect(parsed.notification).toBeDefined();
      expect(parsed.notification?.header_message_id).toBeUndefined();
    }
  });

  it.each`
    id                         | normalised
    ${'<abc@host.example>'}    | ${'abc@host.example'}
    ${'  <abc@host.example> '} | ${'abc@host.example'}
    ${'abc@host.example'}      | ${'abc@host.example'}
    ${'0100018f-ses-message'}  | ${'0100018f-ses-message'}
    ${'<a><b>'}                | ${'<a><b>'}
  `('normalises $id to $normalised', ({ id, normalised }) => {
    expect(normaliseMessageId(id)).toBe(normalised);
  });

  it('lists the provider id and the header id, each once, without brackets', () => {
    const events = parseSesNotification(BOUNCE).notification?.events ?? [];
    expect(messageIdsOf({ provider_message_id: '<x@y>', events })).toEqual(['x@y']);
    expect(messageIdsOf({ provider_message_id: 'ses-1', header_message_id: '<x@y>', events })).toEqual([
      'ses-1',
      'x@y',
    ]);
    expect(messageIdsOf({ provider_message_id: 'x@y', header_message_id: '<x@y>', events })).toEqual(['x@y']);
  });
});
