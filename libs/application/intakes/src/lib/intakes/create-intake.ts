import { type Plan, type Principal } from '@intake/domain-accounts';
import { type IntakeEvent, send } from '@intake/domain-intake';
import { Clock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { applyState, intakeState } from '../model/intake-state';
import { Invitations } from '../write-path/chases';
import { type IntakeDetail, IntakeWriter } from '../write-path/intake-writer';
import { type CreateIntakeInput, IntakeDrafts } from './intake-drafts';
import { ConcurrentDuplicate, IntakeIdempotency } from './intake-idempotency';

export type { CreateIntakeInput };

export interface CreateIntakeCommand {
  principal: Principal;
  body: CreateIntakeInput;
  idempotencyKey?: string;
  meta: RequestMeta;
}

export interface CreatedIntake extends IntakeDetail {
  /** True when an earlier request with the same Idempotency-Key created it. */
  replayed: boolean;
  /** The account's plan (the response's follow-up hints depend on it). */
  plan: Plan;
}

/**
 * POST /v1/intakes: a draft, or (unless send is false) sent at once with its invitation. With an
 * Idempotency-Key a repeat within 24 hours (also one arriving at the same moment) returns the
 * original with `replayed: true`; the same key with another body is 409.
 */
export class CreateIntake {
  static readonly inject = [UnitOfWork, IntakeIdempotency, IntakeDrafts, Invitations, IntakeWriter, Clock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly idempotency: IntakeIdempotency,
    private readonly drafts: IntakeDrafts,
    private readonly invitations: Invitations,
    private readonly writer: IntakeWriter,
    private readonly clock: Clock,
  ) {}

  async execute({ principal, body, idempotencyKey, meta }: CreateIntakeCommand): Promise<CreatedIntake> {
    const now = this.clock.now();
    const hash = this.idempotency.hash(body);
    const replay = () => (idempotencyKey ? this.replay(principal, idempotencyKey, hash, now) : undefined);
    const earlier = await replay();
    if (earlier) return earlier;
    try {
      return await this.uow.run(async () => {
        // `at`: the intake's own now (its test clock's frozen time); limits and keys count in real time.
        const { intake: draft, items, account, plan, at } = await this.drafts.draft(principal, body, now);
        let intake = draft;
        let events: IntakeEvent[] = [];
        if (body.send !== false) {
          await this.invitations.count(account.id, now);
          const sent = send(intakeState(draft, items), at);
          intake = applyState(draft, sent.intake).intake;
          events = sent.events;
        }
        await this.writer.insert(intake, items, events, principal, meta, at);
        if (idempotencyKey) await this.idempotency.claim(account.id, idempotencyKey, hash, intake.id, now);
        if (intake.status === 'sent') await this.invitations.invite(intake, at);
        return { intake, items, files: [], replayed: false, plan };
      });
    } catch (error) {
      const original = error instanceof ConcurrentDuplicate ? await replay() : undefined;
      if (original) return original;
      throw error;
    }
  }

  private async replay(principal: Principal, key: string, hash: string, now: Date): Promise<CreatedIntake | undefined> {
    const detail = await this.idempotency.replay(principal, key, hash, now);
    return detail && { ...detail, replayed: true, plan: await this.drafts.planOf(principal.accountId) };
  }
}
