import { IntakeWriter, intakeState, ReminderPlanner } from '@intake/application-intakes';
import { type Principal } from '@intake/domain-accounts';
import { reinstateRecipient, type ReinstateOutcome } from '@intake/domain-bounce';
import { type RequestMeta } from '@intake/kernel';
import { bounceStateOf, type IntakeRecipient, withRecipients } from './intake-recipients';

export interface ReinstateRecipientInput {
  principal: Principal;
  intakeId: string;
  email: string;
  meta: RequestMeta;
}

export interface ReinstatedRecipient {
  email: string;
  bounced_at: null;
  still_chasing: boolean;
}

/**
 * POST /v1/intakes/:id/recipients/:email/reinstate: clears an address's bounce flag and its run of
 * temporary bounces (`reinstateRecipient`, the bounce rules). Chasing resumes, planned anew, when
 * nobody was left to chase and the intake is sent or in progress, not stalled, not `off`.
 */
export class ReinstateRecipient {
  static readonly inject = [IntakeWriter, ReminderPlanner] as const;

  constructor(
    private readonly writer: IntakeWriter,
    private readonly planner: ReminderPlanner,
  ) {}

  async execute({ principal, intakeId, email, meta }: ReinstateRecipientInput): Promise<ReinstatedRecipient> {
    let outcome: ReinstateOutcome<IntakeRecipient> | undefined;
    await this.writer.change({ by: 'owner', principal, intakeId }, meta, {
      action: 'recipient.reinstated',
      summary: { email },
      decide: (intake, items) => {
        outcome = reinstateRecipient(bounceStateOf(intake), email);
        const next = withRecipients(intake, outcome.recipients);
        return { intake: intakeState(next, items), events: [], record: next };
      },
      after: async (intake, now) => {
        if (outcome?.resume_chasing) await this.planner.replan(intake, now);
      },
    });
    return { email, bounced_at: null, still_chasing: outcome?.still_chasing ?? false };
  }
}
