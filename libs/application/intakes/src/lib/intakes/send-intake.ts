import { type Principal } from '@intake/domain-accounts';
import { send } from '@intake/domain-intake';
import { type RequestMeta } from '@intake/kernel';
import { intakeState } from '../model/intake-state';
import { Invitations } from '../write-path/chases';
import { type ChangedIntake, IntakeWriter } from '../write-path/intake-writer';

export interface SendIntakeInput {
  principal: Principal;
  intakeId: string;
  meta: RequestMeta;
}

/** POST /v1/intakes/:id/send: a draft becomes sent, with its invitation; 409 unless a draft. */
export class SendIntake {
  static readonly inject = [IntakeWriter, Invitations] as const;

  constructor(
    private readonly writer: IntakeWriter,
    private readonly invitations: Invitations,
  ) {}

  execute({ principal, intakeId, meta }: SendIntakeInput): Promise<ChangedIntake> {
    return this.writer.change({ by: 'owner', principal, intakeId }, meta, {
      action: 'intake.sent',
      decide: async (intake, items, now) => {
        const result = send(intakeState(intake, items), now);
        await this.invitations.count(intake.account_id, now);
        return result;
      },
      after: (intake, now) => this.invitations.invite(intake, now),
    });
  }
}
