import { type IntakeStatus } from '@intake/domain-intake';
import { chaseBouncedPayload } from '@intake/domain-webhooks';
import { applyMailEvent, type MailEventOutcome, type MailEventState } from './mail-event';
import {
  type BounceAnnouncement,
  type BounceType,
  type IntakeChasing,
  isChasing,
  type MailEvent,
  type RecipientState,
} from './model';

const AT = new Date('2026-06-01T10:00:00Z');
const EARLIER = new Date('2026-05-01T08:00:00Z');
const CLIENT = 'client@example.com';
const PARTNER = 'partner@example.com';
const CHASING: IntakeChasing = { status: 'sent', stalled_at: null, chase_schedule: 'default' };

type Recipient = RecipientState & { name: string };

const recipient = (email: string, overrides: Partial<Recipient> = {}): Recipient => ({
  email,
  name: email.split('@')[0] ?? '',
  bounced_at: null,
  temporary_bounces: 0,
  ...overrides,
});
const retired = (email: string) => recipient(email, { bounced_at: EARLIER });

const bounce = (bounce_type: BounceType, to = CLIENT): MailEvent => ({
  type: 'bounce',
  recipient: to,
  bounce_type,
  at: AT,
});
const complaint = (to = CLIENT): MailEvent => ({ type: 'complaint', recipient: to, at: AT });
const delivery = (to = CLIENT): MailEvent => ({ type: 'delivery', recipient: to, at: AT });

function state(
  recipients: Recipient[] = [recipient(CLIENT), recipient(PARTNER)],
  delivered_to: string[] = [],
  intake: IntakeChasing = CHASING,
): MailEventState<Recipient> {
  return { intake, recipients, message: { delivered_to } };
}

const find = (outcome: MailEventOutcome<Recipient>, email: string) =>
  outcome.recipients.find((r) => r.email === email) as Recipient;

describe('applyMailEvent: which bounce retires the address', () => {
  it.each`
    case                                               | event                     | run  | delivered    | retires  | runAfter | chase           | deliveredBefore
    ${'a permanent bounce'}                            | ${bounce('Permanent')}    | ${0} | ${[]}        | ${true}  | ${0}     | ${'bounced'}    | ${false}
    ${'a permanent bounce keeps the run as it was'}    | ${bounce('Permanent')}    | ${2} | ${[]}        | ${true}  | ${2}     | ${'bounced'}    | ${false}
    ${'a complaint'}                                   | ${complaint()}            | ${1} | ${[]}        | ${true}  | ${1}     | ${'complained'} | ${false}
    ${'a complaint after delivery of the message'}     | ${complaint()}            | ${0} | ${[CLIENT]}  | ${true}  | ${0}     | ${'complained'} | ${true}
    ${'a permanent bounce after delivery'}             | ${bounce('Permanent')}    | ${0} | ${[CLIENT]}  | ${false} | ${0}     | ${null}         | ${true}
    ${'a third transient bounce after delivery'}       | ${bounce('Transient')}    | ${2} | ${[CLIENT]}  | ${false} | ${2}     | ${null}         | ${true}
    ${'an undetermined bounce after delivery'}         | ${bounce('Undetermined')} | ${2} | ${[CLIENT]}  | ${false} | ${2}     | ${null}         | ${true}
    ${'the first transient bounce'}                    | ${bounce('Transient')}    | ${0} | ${[]}        | ${false} | ${1}     | ${'bounced'}    | ${false}
    ${'the second transient bounce'}                   | ${bounce('Transient')}    | ${1} | ${[]}        | ${false} | ${2}     | ${'bounced'}    | ${false}
    ${'the third transient bounce'}                    | ${bounce('Transient')}    | ${2} | ${[]}        | ${true}  | ${3}     | ${'bounced'}    | ${false}
    ${'the second undetermined bounce'}                | ${bounce('Undetermined')} | ${1} | ${[]}        | ${false} | ${2}     | ${'bounced'}    | ${false}
    ${'the third undetermined bounce'}                 | ${bounce('Undetermined')} | ${2} | ${[]}        | ${true}  | ${3}     | ${'bounced'}    | ${false}
    ${'a third bounce, delivered to someone else'}     | ${bounce('Transient')}    | ${2} | ${[PARTNER]} | ${true}  | ${3}     | ${'bounced'}    | ${false}
    ${'a permanent bounce, delivered to someone else'} | ${bounce('Permanent')}    | ${0} | ${[PARTNER]} | ${true}  | ${0}     | ${'bounced'}    | ${false}
  `('$case: retires $retires', ({ event, run, delivered, retires, runAfter, chase, deliveredBefore }) => {
    const before = state([recipient(CLIENT, { temporary_bounces: run }), recipient(PARTNER)], delivered);
    const outcome = applyMailEvent(before, event);

    expect(outcome.retired).toBe(retires ? CLIENT : null);
    expect(find(outcome, CLIENT)).toEqual({
      ...recipient(CLIENT),
      bounced_at: retires ? AT : null,
      temporary_bounces: runAfter,
    });
    expect(find(outcome, PARTNER)).toEqual(recipient(PARTNER));
    expect(outcome.chase_status).toBe(chase);
    expect(outcome.announcement?.delivered_before).toBe(deliveredBefore);
    expect(outcome.message.delivered_to).toEqual(delivered);
    expect(outcome.cancel_future_reminders).toBe(false);
  });

  it.each`
    case                                | stored                  | event                                        | delivered
    ${'the event names it in capitals'} | ${CLIENT}               | ${bounce('Permanent', 'CLIENT@Example.COM')} | ${[]}
    ${'the intake stores capitals'}     | ${'Client@Example.com'} | ${complaint(CLIENT)}                         | ${[]}
  `('matches addresses case-insensitively: $case', ({ stored, event, delivered }) => {
    const outcome = applyMailEvent(state([recipient(stored), recipient(PARTNER)], delivered), event);
    expect(outcome.retired).toBe(stored);
    expect(outcome.announcement?.recipient).toBe(stored);
    expect(find(outcome, stored).bounced_at).toEqual(AT);
  });

  it('knows a delivery recorded in another case', () => {
    const outcome = applyMailEvent(state(undefined, ['CLIENT@EXAMPLE.COM']), bounce('Permanent'));
    expect(outcome.retired).toBeNull();
    expect(outcome.announcement?.delivered_before).toBe(true);
  });

  it.each([
    bounce('Permanent', 'stranger@example.com'),
    complaint('stranger@example.com'),
    delivery('stranger@example.com'),
  ])('ignores an address the intake does not have (%o)', (event) => {
    const before = state([recipient(CLIENT, { temporary_bounces: 2 }), recipient(PARTNER)], [PARTNER]);
    expect(applyMailEvent(before, event)).toEqual({
      recipients: before.recipients,
      message: { delivered_to: [PARTNER] },
      retired: null,
      chase_status: null,
      cancel_future_reminders: false,
      announcement: null,
    });
  });

  it('keeps the first bounced_at of an address already retired, and retires nothing anew', () => {
    const outcome = applyMailEvent(state([retired(CLIENT), recipient(PARTNER)]), bounce('Permanent'));
    expect(outcome.retired).toBeNull();
    expect(find(outcome, CLIENT).bounced_at).toEqual(EARLIER);
    expect(outcome.chase_status).toBe('bounced');
    expect(outcome.announcement).toMatchObject({ event_type: 'bounced', still_chasing: true });
  });

  it('does not change its input', () => {
    const before = state([recipient(CLIENT, { temporary_bounces: 2 }), recipient(PARTNER)]);
    const snapshot = structuredClone(before);
    applyMailEvent(before, bounce('Transient'));
    applyMailEvent(before, delivery());
    expect(before).toEqual(snapshot);
  });
});

describe('applyMailEvent: deliveries', () => {
  it.each`
    case                                    | delivered                 | after
    ${'records the address on the message'} | ${[PARTNER]}              | ${[PARTNER, CLIENT]}
    ${'records it once'}                    | ${['Client@example.COM']} | ${['Client@example.COM']}
    ${'records the first delivery'}         | ${[]}                     | ${[CLIENT]}
    ${'records it once among others'}       | ${[CLIENT, PARTNER]}      | ${[CLIENT, PARTNER]}
  `('$case and resets the run of temporary bounces', ({ delivered, after }) => {
    const before = state(
      [recipient(CLIENT, { temporary_bounces: 2 }), recipient(PARTNER, { temporary_bounces: 1 })],
      delivered,
    );
    const outcome = applyMailEvent(before, delivery('CLIENT@example.com'));
    expect(outcome).toEqual({
      recipients: [recipient(CLIENT), recipient(PARTNER, { temporary_bounces: 1 })],
      message: { delivered_to: after },
      retired: null,
      chase_status: null,
      cancel_future_reminders: false,
      announcement: null,
    });
  });

  it('never reinstates a retired address', () => {
    const outcome = applyMailEvent(state([retired(CLIENT), recipient(PARTNER)]), delivery());
    expect(find(outcome, CLIENT).bounced_at).toEqual(EARLIER);
  });

  // Each event is about a new message (delivered_to starts empty), as reminders are.
  it.each`
    sequence     | retiredAfter
    ${'TTT'}     | ${3}
    ${'UTU'}     | ${3}
    ${'TTDTT'}   | ${null}
    ${'TTDTTT'}  | ${6}
    ${'TDTDTDT'} | ${null}
    ${'TTPT'}    | ${4}
  `('$sequence (T transient, U undetermined, D delivery, P permanent after delivery)', ({ sequence, retiredAfter }) => {
    let current = state();
    let retiredAt: number | null = null;
    [...(sequence as string)].forEach((letter, index) => {
      const event =
        letter === 'D'
          ? delivery()
          : bounce(letter === 'U' ? 'Undetermined' : letter === 'P' ? 'Permanent' : 'Transient');
      const outcome = applyMailEvent({ ...current, message: { delivered_to: letter === 'P' ? [CLIENT] : [] } }, event);
      if (outcome.retired !== null && retiredAt === null) retiredAt = index + 1;
      current = { ...current, recipients: outcome.recipients };
    });
    expect(retiredAt).toBe(retiredAfter);
  });
});

describe('applyMailEvent: still chasing', () => {
  it.each`
    case                                         | recipients                                 | event                  | intake                                   | still    | cancel
    ${'others are still chased'}                 | ${[recipient(CLIENT), recipient(PARTNER)]} | ${bounce('Permanent')} | ${CHASING}                               | ${true}  | ${false}
    ${'the last one is retired'}                 | ${[recipient(CLIENT), retired(PARTNER)]}   | ${bounce('Permanent')} | ${CHASING}                               | ${false} | ${true}
    ${'the only recipient complains'}            | ${[recipient(CLIENT)]}                     | ${complaint()}         | ${CHASING}                               | ${false} | ${true}
    ${'the last one is an additional recipient'} | ${[retired(CLIENT), recipient(PARTNER)]}   | ${complaint(PARTNER)}  | ${CHASING}                               | ${false} | ${true}
    ${'the last one bounces but is not retired'} | ${[recipient(CLIENT), retired(PARTNER)]}   | ${bounce('Transient')} | ${CHASING}                               | ${true}  | ${false}
    ${'nobody was left already'}                 | ${[retired(CLIENT), retired(PARTNER)]}     | ${complaint()}         | ${CHASING}                               | ${false} | ${false}
    ${'the last one, in progress'}               | ${[recipient(CLIENT), retired(PARTNER)]}   | ${complaint()}         | ${{ ...CHASING, status: 'in_progress' }} | ${false} | ${true}
    ${'others left, intake stalled'}             | ${[recipient(CLIENT), recipient(PARTNER)]} | ${complaint()}         | ${{ ...CHASING, stalled_at: EARLIER }}   | ${false} | ${false}
    ${'others left, intake completed'}           | ${[recipient(CLIENT), recipient(PARTNER)]} | ${complaint()}         | ${{ ...CHASING, status: 'completed' }}   | ${false} | ${false}
    ${'the last one of a completed intake'}      | ${[recipient(CLIENT)]}                     | ${complaint()}         | ${{ ...CHASING, status: 'completed' }}   | ${false} | ${true}
  `('$case: still_chasing $still, cancel $cancel', ({ recipients, event, intake, still, cancel }) => {
    const outcome = applyMailEvent(state(recipients, [], intake), event);
    expect(outcome.announcement?.still_chasing).toBe(still);
    expect(outcome.cancel_future_reminders).toBe(cancel);
  });

  it.each`
    status           | stalled_at | schedule     | chasing
    ${'sent'}        | ${null}    | ${'default'} | ${true}
    ${'in_progress'} | ${null}    | ${'gentle'}  | ${true}
    ${'in_progress'} | ${null}    | ${'off'}     | ${false}
    ${'sent'}        | ${EARLIER} | ${'default'} | ${false}
    ${'draft'}       | ${null}    | ${'default'} | ${false}
    ${'completed'}   | ${null}    | ${'default'} | ${false}
    ${'archived'}    | ${null}    | ${'default'} | ${false}
  `(
    'an intake $status, stalled $stalled_at, schedule $schedule chases: $chasing',
    ({ status, stalled_at, schedule, chasing }) => {
      expect(isChasing({ status: status as IntakeStatus, stalled_at, chase_schedule: schedule })).toBe(chasing);
    },
  );
});

describe('the chase.bounced payload', () => {
  it.each`
    event                  | delivered   | payload
    ${bounce('Transient')} | ${[]}       | ${{ event_type: 'bounced', bounce_type: 'Transient', delivered_before: false, still_chasing: true }}
    ${complaint()}         | ${[CLIENT]} | ${{ event_type: 'complained', bounce_type: null, delivered_before: true, still_chasing: false }}
  `(
    'carries the rules’ fields into the chase.bounced payload ($payload.event_type)',
    ({ event, delivered, payload }) => {
      const outcome = applyMailEvent(state([recipient(CLIENT)], delivered), event);
      const ids = { intake_id: 'in_1', chase_id: 'chs_1', provider_message_id: 'ses-1' };
      const body = chaseBouncedPayload(
        ids,
        outcome.announcement as BounceAnnouncement,
        new Date('2026-06-01T10:00:00.999Z'),
      );
      // The field order is the builder's, tested in @intake/domain-webhooks.
      expect(body).toEqual({ event: 'chase.bounced', ...ids, recipient: CLIENT, timestamp: 1780308000, ...payload });
    },
  );
});
