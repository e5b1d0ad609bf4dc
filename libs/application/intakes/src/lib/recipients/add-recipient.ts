import { type Principal } from '@intake/domain-accounts';
import { DomainError } from '@intake/errors';
import { type RequestMeta } from '@intake/kernel';
import { intakeState } from '../model/intake-state';
import { IntakeWriter } from '../write-path/intake-writer';
import { type IntakeRecord } from '@intake/domain-intake';

/** Additional recipients an intake may have besides the client. */
export const MAX_ADDITIONAL_RECIPIENTS = 4;

export interface AddRecipientInput {
  principal: Principal;
  intakeId: string;
  recipient: { email: string; name?: string };
  meta: RequestMeta;
}

/** POST /v1/intakes/:id/recipients: at most 4 besides the client; sends no mail itself. */
export class AddRecipient {
  static readonly inject = [IntakeWriter] as const;

  constructor(private readonly writer: IntakeWriter) {}

  async execute({ principal, intakeId, recipient, meta }: AddRecipientInput): Promise<IntakeRecord> {
    const email = recipient.email.trim();
    const result = await this.writer.change({ by: 'owner', principal, intakeId }, meta, {
      action: 'recipient.added',
      summary: { email },
      decide: (intake, items) => {
        const all = [intake.client_email, ...intake.also_notify.map((r) => r.email)].map((e) => e.toLowerCase());
        if (all.includes(email.toLowerCase())) {
          throw new DomainError('conflict', 'This address already receives the intake’s e-mails.', {
            reason: 'recipient_exists',
          });
        }
        if (intake.also_notify.length >= MAX_ADDITIONAL_RECIPIENTS) {
          throw new DomainError('unprocessable', 'An intake has at most 4 additional recipients (5 with the client).', {
            reason: 'too_many_recipients',
            details: [{ path: 'email', message: 'would be a fifth additional recipient' }],
          });
        }
        const next = {
          ...intake,
          also_notify: [...intake.also_notify, { email, name: recipient.name?.trim() || null, bounced_at: null }],
        };
        return { intake: intakeState(next, items), events: [], record: next };
      },
    });
    return result.intake;
  }
}
