import { type AccessContext, accessOf, actorOf, type Principal } from '@intake/domain-accounts';
import {
  assertNotArchived,
  type IntakeEvent,
  type IntakeState,
  type Transition,
  type IntakeRecord,
  type ItemRecord,
} from '@intake/domain-intake';
import { type Actor, CLIENT_ACTOR, SYSTEM_ACTOR } from '@intake/domain-kernel';
import { DomainError, notFound } from '@intake/errors';
import { AuditRecorder, IntakeClock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { applyState, type IntakeItem, intakeState } from '../model/intake-state';
import { IntakeFiles, type IntakeFile } from '../ports/intake-files.port';
import { IntakeStore } from '../ports/intake-store.port';
import { IntakeEvents } from './intake-events';

/** An intake with its items and files (uploads and brief files, oldest first). */
export interface IntakeDetail {
  intake: IntakeRecord;
  items: ItemRecord[];
  files: IntakeFile[];
}

/** The outcome of a change: the saved intake, its items and files, and the domain's events. */
export interface ChangedIntake extends IntakeDetail {
  events: IntakeEvent[];
}

/** Who changes an intake, and so how it is found and how the audit log names them. */
export type IntakeTarget =
  /** The account (session or API key), by id, within what the principal may see. */
  | { by: 'owner'; principal: Principal; intakeId: string }
  /** The client, who holds only the portal link (drafts are not visible to them). */
  | { by: 'client'; slug: string }
  /** The service itself (a scan's verdict, a scheduler pass), by the intake's account and id. */
  | { by: 'system'; accountId: string; intakeId: string };

/** What every owner route on one item (`/v1/intakes/:id/items/:key/…`) names. */
export interface ItemCommand {
  principal: Principal;
  intakeId: string;
  key: string;
  meta: RequestMeta;
}

/**
 * The domain's decision; `record` replaces the stored intake's other fields (settings changes);
 * `summary` adds what only the decision found out (files it deleted) to the audit entry's summary.
 */
export type Decision = Transition<IntakeItem> & { record?: IntakeRecord; summary?: Record<string, unknown> };

/** One change of an intake, as a use case describes it to the write path. */
export interface IntakeChange {
  /** Audit action, e.g. `item.approved`. */
  action: string;
  /** Audit target; the intake's id by default. */
  target?: string;
  summary?: Record<string, unknown>;
  /** Decides from the locked intake and its items: a pure transition, or a domain error. */
  decide(intake: IntakeRecord, items: ItemRecord[], now: Date): Promise<Decision> | Decision;
  /** Work that belongs to the same transaction once the new state is saved (chases, plans). */
  after?(intake: IntakeRecord, now: Date): Promise<void>;
}

/**
 * The one write path of an intake. In one transaction: load the intake under a row lock, let the
 * domain decide, save the outcome under the version guard (a concurrent change is 409), run the
 * change's own follow-up, write the audit entry and put the events into the outbox. Every use
 * case that changes an existing intake goes through `change`; creation goes through `insert`.
 * "Now" is the intake's own: its test clock's frozen time for an intake on a test clock.
 */
export class IntakeWriter {
  static readonly inject = [UnitOfWork, IntakeStore, IntakeFiles, AuditRecorder, IntakeEvents, IntakeClock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly intakes: IntakeStore,
    private readonly files: IntakeFiles,
    private readonly audit: AuditRecorder,
    private readonly events: IntakeEvents,
    private readonly clock: IntakeClock,
  ) {}

  change(target: IntakeTarget, meta: RequestMeta, change: IntakeChange): Promise<ChangedIntake> {
    return this.uow.run(async () => {
      const intake = await this.load(target);
      if (!intake) throw notFound('Intake');
      const now = await this.clock.now(intake);
      // Every mutating endpoint of an archived intake is 409 intake_archived, whatever it is.
      assertNotArchived(intake);
      const items = await this.intakes.items(intake.id);
      const decision = await change.decide(intake, items, now);
      const next = applyState(decision.record ?? intake, decision.intake);
      if (!(await this.intakes.update(next.intake))) {
        throw new DomainError('conflict', 'The intake changed meanwhile; retry.', { reason: 'concurrent_change' });
      }
      await this.intakes.saveItems(intake.id, next.items);
      await change.after?.(next.intake, now);
      await this.audit.record(
        intake.account_id,
        actorOfTarget(target),
        change.action,
        change.target ?? intake.id,
        meta,
        {
          intake_id: intake.id,
          ...change.summary,
          ...decision.summary,
        },
      );
      await this.events.emit(next.intake, decision.events, now, next.items);
      return {
        intake: { ...next.intake, version: next.intake.version + 1 },
        items: next.items,
        files: await this.files.ofIntake(intake.id),
        events: decision.events,
      };
    });
  }

  /** The owner changes one item by a state-machine transition (most of the item routes). */
  changeItem(
    { principal, intakeId, key, meta }: ItemCommand,
    action: string,
    transition: (state: IntakeState<IntakeItem>, now: Date) => Transition<IntakeItem>,
    summary: Record<string, unknown> = {},
  ): Promise<ChangedIntake> {
    return this.change({ by: 'owner', principal, intakeId }, meta, {
      action,
      summary: { item_key: key, ...summary },
      decide: (intake, items, now) => transition(intakeState(intake, items), now),
    });
  }

  /**
   * A new intake, in the caller's unit of work: its row and items, the audit entry
   * `intake.created` and its events (intake.sent when it was sent at once).
   */
  async insert(
    intake: IntakeRecord,
    items: ItemRecord[],
    events: IntakeEvent[],
    principal: Principal,
    meta: RequestMeta,
    now: Date,
  ): Promise<void> {
    await this.intakes.insert(intake, items);
    await this.audit.record(intake.account_id, actorOf(principal), 'intake.created', intake.id, meta, {
      status: intake.status,
      items: items.length,
      mode: intake.mode,
    });
    await this.events.emit(intake, events, now, items);
  }

  private load(target: IntakeTarget): Promise<IntakeRecord | undefined> {
    switch (target.by) {
      case 'owner':
        return this.intakes.getForUpdate(accessOf(target.principal), target.intakeId);
      case 'client':
        return this.intakes.getForUpdateBySlug(target.slug);
      case 'system':
        return this.intakes.getForUpdate(systemAccess(target.accountId), target.intakeId);
    }
  }
}

function actorOfTarget(target: IntakeTarget): Actor {
  switch (target.by) {
    case 'owner':
      return actorOf(target.principal);
    case 'client':
      return CLIENT_ACTOR;
    case 'system':
      return SYSTEM_ACTOR;
  }
}

/** Everything of one account, whatever its mode (the service acting for the account). */
export const systemAccess = (accountId: string): AccessContext => ({ accountId, mode: null, createdByKeyId: null });
