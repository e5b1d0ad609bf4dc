import { isWebhookEvent, isWebhookFormat, WEBHOOK_EVENTS, WEBHOOK_FORMATS } from './events';

describe('the event catalogue', () => {
  it('has exactly the seven events of docs/contract.md "Event kinds", in its order', () => {
    expect(WEBHOOK_EVENTS).toEqual([
      'item.submitted',
      'intake.completed',
      'client.viewed',
      'chase.bounced',
      'intake.stalled',
      'intake.overdue',
      'intake.archived',
    ]);
  });

  it.each`
    value                | known
    ${'item.submitted'}  | ${true}
    ${'intake.archived'} | ${true}
    ${'intake.deleted'}  | ${false}
    ${'intake.sent'}     | ${false}
    ${'ITEM.SUBMITTED'}  | ${false}
    ${''}                | ${false}
    ${null}              | ${false}
    ${7}                 | ${false}
  `('isWebhookEvent($value) is $known', ({ value, known }) => {
    expect(isWebhookEvent(value)).toBe(known);
  });

  it('has the formats raw, slack and discord', () => {
    expect(WEBHOOK_FORMATS).toEqual(['raw', 'slack', 'discord']);
  });

  it.each`
    value        | known
    ${'raw'}     | ${true}
    ${'slack'}   | ${true}
    ${'discord'} | ${true}
    ${'teams'}   | ${false}
    ${'RAW'}     | ${false}
    ${undefined} | ${false}
    ${1}         | ${false}
  `('isWebhookFormat($value) is $known', ({ value, known }) => {
    expect(isWebhookFormat(value)).toBe(known);
  });
});
