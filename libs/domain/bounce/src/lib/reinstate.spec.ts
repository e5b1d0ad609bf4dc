import { type IntakeStatus } from '@intake/domain-intake';
import { DomainError } from '@intake/errors';
import { type IntakeChasing, type RecipientState } from './model';
import { reinstateRecipient } from './reinstate';

const EARLIER = new Date('2026-05-01T08:00:00Z');
const CLIENT = 'client@example.com';
const PARTNER = 'partner@example.com';
const CHASING: IntakeChasing = { status: 'sent', stalled_at: null, chase_schedule: 'default' };

const active = (email: string): RecipientState => ({ email, bounced_at: null, temporary_bounces: 0 });
const retired = (email: string, temporary_bounces = 3): RecipientState => ({
  email,
  bounced_at: EARLIER,
  temporary_bounces,
});

describe('reinstateRecipient', () => {
  it.each`
    case                               | recipients                             | intake                                   | still    | resume
    ${'others were still chased'}      | ${[retired(CLIENT), active(PARTNER)]}  | ${CHASING}                               | ${true}  | ${false}
    ${'nobody was left, sent'}         | ${[retired(CLIENT), retired(PARTNER)]} | ${CHASING}                               | ${true}  | ${true}
    ${'nobody was left, in progress'}  | ${[retired(CLIENT)]}                   | ${{ ...CHASING, status: 'in_progress' }} | ${true}  | ${true}
    ${'nobody was left, completed'}    | ${[retired(CLIENT), retired(PARTNER)]} | ${{ ...CHASING, status: 'completed' }}   | ${false} | ${false}
    ${'nobody was left, archived'}     | ${[retired(CLIENT)]}                   | ${{ ...CHASING, status: 'archived' }}    | ${false} | ${false}
    ${'nobody was left, draft'}        | ${[retired(CLIENT)]}                   | ${{ ...CHASING, status: 'draft' }}       | ${false} | ${false}
    ${'nobody was left, stalled'}      | ${[retired(CLIENT)]}                   | ${{ ...CHASING, stalled_at: EARLIER }}   | ${false} | ${false}
    ${'nobody was left, schedule off'} | ${[retired(CLIENT)]}                   | ${{ ...CHASING, chase_schedule: 'off' }} | ${false} | ${false}
    ${'others were chased, completed'} | ${[retired(CLIENT), active(PARTNER)]}  | ${{ ...CHASING, status: 'completed' }}   | ${false} | ${false}
  `('$case: still_chasing $still, resumes $resume', ({ recipients, intake, still, resume }) => {
    const outcome = reinstateRecipient({ intake: intake as IntakeChasing, recipients }, CLIENT);
    expect(outcome.still_chasing).toBe(still);
    expect(outcome.resume_chasing).toBe(resume);
    expect(outcome.recipients[0]).toEqual(active(CLIENT));
    expect(outcome.recipients.slice(1)).toEqual(recipients.slice(1));
  });

  it('reinstates an additional recipient named in another case, leaving the others alone', () => {
    const recipients = [retired(CLIENT, 1), { ...retired('Partner@Example.com'), name: 'Pat' }];
    const outcome = reinstateRecipient({ intake: CHASING, recipients }, 'PARTNER@example.COM');
    expect(outcome).toEqual({
      recipients: [retired(CLIENT, 1), { ...active('Partner@Example.com'), name: 'Pat' }],
      email: 'Partner@Example.com',
      still_chasing: true,
      resume_chasing: true,
    });
    expect(recipients[1]?.bounced_at).toEqual(EARLIER);
  });

  it.each`
    case                    | email                     | code           | reason                     | message
    ${'an unknown address'} | ${'stranger@example.com'} | ${'not_found'} | ${'recipient_not_found'}   | ${'Recipient was not found.'}
    ${'an address chased'}  | ${PARTNER}                | ${'conflict'}  | ${'recipient_not_bounced'} | ${'This address has not bounced.'}
  `('refuses $case with $code $reason', ({ email, code, reason, message }) => {
    const run = () =>
      reinstateRecipient(
        { intake: { ...CHASING, status: 'sent' as IntakeStatus }, recipients: [retired(CLIENT), active(PARTNER)] },
        email,
      );
    expect(run).toThrow(DomainError);
    expect(run).toThrow(expect.objectContaining({ code, reason, message }));
  });
});
