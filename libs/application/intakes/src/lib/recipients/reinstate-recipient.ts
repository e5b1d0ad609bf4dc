import { type Principal } from '@intake/domain-accounts';
import { DomainError } from '@intake/errors';
import { type RequestMeta } from '@intake/kernel';
import { intakeState, stillChasing } from '../model/intake-state';
import { type IntakeRecord } from '../model/records';
import { ReminderPlanner } from '../ports/reminder-planner';
import { IntakeWriter } from '../write-path/intake-writer';
import { recipientNotFound } from './recipient-errors';

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
 * POST /v1/intakes/:id/recipients/:email/reinstate: clears an address's bounce flag. Chasing
 * resumes when nobody was left to chase and the intake is sent or in progress.
 */
export class ReinstateRecipient {
  static readonly inject = [IntakeWriter, ReminderPlanner] as const;

  constructor(
    private readonly writer: IntakeWriter,
    private readonly planner: ReminderPlanner,
  ) {}

  async execute({ principal, intakeId, email, meta }: ReinstateRecipientInput): Promise<ReinstatedRecipient> {
    const same = (address: string) => address.toLowerCase() === email.toLowerCase();
    let wasNobodyLeft = false;
    const result = await this.writer.change({ by: 'owner', principal, intakeId }, meta, {
      action: 'recipient.reinstated',
      summary: { email },
      decide: (intake, items) => {
        const primary = same(intake.client_email);
        const extra = intake.also_notify.find((r) => same(r.email));
        if (!primary && !extra) throw recipientNotFound();
        const bouncedAt = primary ? intake.client_bounced_at : (extra?.bounced_at ?? null);
        if (!bouncedAt) {
          throw new DomainError('conflict', 'This address has not bounced.', { reason: 'recipient_not_bounced' });
        }
        wasNobodyLeft = Boolean(intake.client_bounced_at) && intake.also_notify.every((r) => r.bounced_at);
        const next: IntakeRecord = {
          ...intake,
          client_bounced_at: primary ? null : intake.client_bounced_at,
          also_notify: intake.also_notify.map((r) => (same(r.email) ? { ...r, bounced_at: null } : r)),
        };
        return { intake: intakeState(next, items), events: [], record: next };
      },
      after: async (intake, now) => {
        if (wasNobodyLeft && stillChasing(intake)) await this.planner.replan(intake, now);
      },
    });
    return { email, bounced_at: null, still_chasing: stillChasing(result.intake) };
  }
}
