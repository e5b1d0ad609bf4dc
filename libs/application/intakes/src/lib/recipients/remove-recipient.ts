import { type Principal } from '@intake/domain-accounts';
import { DomainError } from '@intake/errors';
import { type RequestMeta } from '@intake/kernel';
import { intakeState } from '../model/intake-state';
import { IntakeWriter } from '../write-path/intake-writer';
import { recipientNotFound } from './recipient-errors';

export interface RemoveRecipientInput {
  principal: Principal;
  intakeId: string;
  email: string;
  meta: RequestMeta;
}

/** DELETE /v1/intakes/:id/recipients/:email: not the client (400 recipient_is_primary); 404 if absent. */
export class RemoveRecipient {
  static readonly inject = [IntakeWriter] as const;

  constructor(private readonly writer: IntakeWriter) {}

  async execute({ principal, intakeId, email, meta }: RemoveRecipientInput): Promise<void> {
    await this.writer.change({ by: 'owner', principal, intakeId }, meta, {
      action: 'recipient.removed',
      summary: { email },
      decide: (intake, items) => {
        if (intake.client_email.toLowerCase() === email.toLowerCase()) {
          throw new DomainError('invalid_request', 'The primary client cannot be removed.', {
            reason: 'recipient_is_primary',
          });
        }
        const remaining = intake.also_notify.filter((r) => r.email.toLowerCase() !== email.toLowerCase());
        if (remaining.length === intake.also_notify.length) throw recipientNotFound();
        const next = { ...intake, also_notify: remaining };
        return { intake: intakeState(next, items), events: [], record: next };
      },
    });
  }
}
