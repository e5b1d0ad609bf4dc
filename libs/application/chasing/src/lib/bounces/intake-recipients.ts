import { type IntakeChasing, type RecipientState, sameAddress } from '@intake/domain-bounce';
import { type IntakeRecord, type Recipient } from '@intake/domain-intake';

/** One address of an intake as the bounce rules see it; `primary` marks the client's. */
export interface IntakeRecipient extends RecipientState {
  primary: boolean;
}

/** An intake as the bounce rules read it: whether it chases, and its addresses, the client's first. */
export function bounceStateOf(intake: IntakeRecord): { intake: IntakeChasing; recipients: IntakeRecipient[] } {
  return {
    intake: { status: intake.status, stalled_at: intake.stalled_at, chase_schedule: intake.chase_schedule },
    recipients: [
      {
        email: intake.client_email,
        bounced_at: intake.client_bounced_at,
        temporary_bounces: intake.client_temporary_bounces,
        primary: true,
      },
      ...intake.also_notify.map((r) => ({
        email: r.email,
        bounced_at: r.bounced_at,
        temporary_bounces: r.temporary_bounces ?? 0,
        primary: false,
      })),
    ],
  };
}

/** The intake with the rules' outcome written back: the client's columns, each also_notify entry. */
export function withRecipients(intake: IntakeRecord, recipients: readonly IntakeRecipient[]): IntakeRecord {
  const client = recipients.find((r) => r.primary);
  return {
    ...intake,
    client_bounced_at: client ? client.bounced_at : intake.client_bounced_at,
    client_temporary_bounces: client ? client.temporary_bounces : intake.client_temporary_bounces,
    also_notify: intake.also_notify.map((entry) => {
      const state = recipients.find((r) => !r.primary && sameAddress(r.email, entry.email));
      return state ? withState(entry, state) : entry;
    }),
  };
}

/** The JSON entry keeps `temporary_bounces` only while it counts something. */
function withState(entry: Recipient, state: IntakeRecipient): Recipient {
  const { temporary_bounces: _previous, ...rest } = entry;
  return {
    ...rest,
    bounced_at: state.bounced_at,
    ...(state.temporary_bounces > 0 ? { temporary_bounces: state.temporary_bounces } : {}),
  };
}

/** Whether the bounce state of the intake's addresses differs between the two. */
export function recipientsChanged(before: IntakeRecord, after: IntakeRecord): boolean {
  const key = (intake: IntakeRecord) =>
    JSON.stringify(bounceStateOf(intake).recipients.map((r) => [r.bounced_at?.getTime() ?? null, r.temporary_bounces]));
  return key(before) !== key(after);
}
