import { type RequestMeta } from '@intake/kernel';
import { type AccessContext, type Principal } from '@intake/domain-accounts';
import { afterMaxRemindersChange, type ChaseSettingsInput, resolveChaseSettings } from '@intake/domain-intake';
import { DomainError, validationFailed } from '@intake/errors';
import { type FolderStore } from '../folders/folders';
import { type IntakeDetail, type IntakeService } from './intake.service';
import { type IntakeStore } from './intake.store';
import { intakeState } from './intake-views';
import { type IntakeRecord } from './records';

/**
 * Re-plans an intake's reminders after its schedule changed. The chase planner (the chasing
 * work) binds it; until then the bound implementation cancels the still-scheduled reminders.
 */
export abstract class ReminderPlanner {
  abstract replan(intake: IntakeRecord, now: Date): Promise<void>;
}

export interface IntakePatch extends ChaseSettingsInput {
  project_name?: string;
  owner_note?: string | null;
  client_brief?: string | null;
  due_date?: string | null;
  folder_id?: string | null;
  client?: { name?: string; phone?: string | null; language?: IntakeRecord['client_language']; timezone?: string };
}

/** Fields whose change on a sent, in-progress or stalled intake re-plans the reminders. */
const REPLANNING = [
  'chase_schedule',
  'chase_interval',
  'chase_interval_unit',
  'chase_at_time',
  'max_reminders',
  'respect_quiet_hours',
  'due_date',
] as const;

export interface ClientView {
  email: string;
  name: string | null;
  language: string;
  phone: string | null;
  timezone: string;
  folder_id: string | null;
  last_intake_id: string;
  last_intake_at: Date;
  intake_count: number;
}

export abstract class ClientDirectory {
  abstract list(
    access: AccessContext,
    q: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ clients: ClientView[]; total: number }>;
}

const MAX_ADDITIONAL_RECIPIENTS = 4;

/** PATCH /v1/intakes/:id, recipients, and the derived client list. */
export class IntakeSettingsService {
  constructor(
    private readonly intakes: IntakeService,
    private readonly store: IntakeStore,
    private readonly folders: FolderStore,
    private readonly planner: ReminderPlanner,
    private readonly clients: ClientDirectory,
  ) {}

  async update(principal: Principal, id: string, patch: IntakePatch, meta: RequestMeta): Promise<IntakeDetail> {
    const given = Object.entries(patch)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k);
    const clientGiven = Object.entries(patch.client ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k]) => `client.${k}`);
    if (given.filter((k) => k !== 'client').length + clientGiven.length === 0) {
      throw new DomainError('invalid_request', 'Give at least one field to change.', { reason: 'no_fields' });
    }
    if (patch.folder_id && !(await this.folders.get(principal.accountId, patch.folder_id))) {
      throw new DomainError('invalid_request', 'folder_id is not a folder of this account.', {
        reason: 'validation_error',
        details: [{ path: 'folder_id', message: 'is not a folder of this account' }],
      });
    }
    const replans = REPLANNING.some((f) => patch[f] !== undefined) || patch.client?.timezone !== undefined;
    let resume = false;
    const result = await this.intakes.change(principal, id, meta, {
      action: 'intake.updated',
      summary: { fields: [...given.filter((k) => k !== 'client'), ...clientGiven].sort() },
      decide: async (intake, items) => {
        const chase = resolveChaseSettings(patch, intake);
        if (!chase.settings) throw validationFailed(chase.details);
        const remindersSent = (await this.store.chases(intake.id)).filter(
          (c) => c.kind === 'reminder' && c.status === 'sent',
        ).length;
        const stalled = afterMaxRemindersChange(
          intake.stalled_at,
          remindersSent,
          chase.settings.max_reminders ?? 'unlimited',
        );
        resume = stalled.resume;
        const brief = patch.client_brief === undefined ? intake.client_brief : patch.client_brief?.trim() || null;
        const next: IntakeRecord = {
          ...intake,
          ...chase.settings,
          stalled_at: stalled.stalled_at,
          project_name: patch.project_name?.trim() ?? intake.project_name,
          owner_note: patch.owner_note === undefined ? intake.owner_note : patch.owner_note,
          client_brief: brief,
          due_date: patch.due_date === undefined ? intake.due_date : patch.due_date,
          folder_id: patch.folder_id === undefined ? intake.folder_id : patch.folder_id,
          client_name: patch.client?.name?.trim() ?? intake.client_name,
          client_phone: patch.client?.phone === undefined ? intake.client_phone : patch.client.phone,
          client_language: patch.client?.language ?? intake.client_language,
          client_timezone: patch.client?.timezone ?? intake.client_timezone,
        };
        return { intake: intakeState(next, items), events: [], record: next };
      },
      // A stalled intake keeps its settings without resuming, unless max_reminders now allows more.
      after: async (intake, now) => {
        const chasing = intake.status === 'sent' || intake.status === 'in_progress';
        if (chasing && replans && (!intake.stalled_at || resume)) await this.planner.replan(intake, now);
      },
    });
    return result;
  }

  /** POST /v1/intakes/:id/recipients: at most 4 besides the client; sends no mail itself. */
  async addRecipient(
    principal: Principal,
    id: string,
    recipient: { email: string; name?: string },
    meta: RequestMeta,
  ): Promise<IntakeRecord> {
    const email = recipient.email.trim();
    const result = await this.intakes.change(principal, id, meta, {
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

  /** DELETE /v1/intakes/:id/recipients/:email: not the client (400 recipient_is_primary); 404 if absent. */
  async removeRecipient(principal: Principal, id: string, email: string, meta: RequestMeta): Promise<void> {
    await this.intakes.change(principal, id, meta, {
      action: 'recipient.removed',
      summary: { email },
      decide: (intake, items) => {
        if (intake.client_email.toLowerCase() === email.toLowerCase()) {
          throw new DomainError('invalid_request', 'The primary client cannot be removed.', {
            reason: 'recipient_is_primary',
          });
        }
        const remaining = intake.also_notify.filter((r) => r.email.toLowerCase() !== email.toLowerCase());
        if (remaining.length === intake.also_notify.length) {
          throw new DomainError('not_found', 'The intake has no such recipient.', { reason: 'recipient_not_found' });
        }
        const next = { ...intake, also_notify: remaining };
        return { intake: intakeState(next, items), events: [], record: next };
      },
    });
  }

  /**
   * POST …/recipients/:email/reinstate: clears an address's bounce flag. Chasing resumes when
   * nobody was left to chase and the intake is sent or in progress.
   */
  async reinstate(
    principal: Principal,
    id: string,
    email: string,
    meta: RequestMeta,
  ): Promise<{ email: string; bounced_at: null; still_chasing: boolean }> {
    let wasNobodyLeft = false;
    const result = await this.intakes.change(principal, id, meta, {
      action: 'recipient.reinstated',
      summary: { email },
      decide: (intake, items) => {
        const primary = intake.client_email.toLowerCase() === email.toLowerCase();
        const extra = intake.also_notify.find((r) => r.email.toLowerCase() === email.toLowerCase());
        if (!primary && !extra)
          throw new DomainError('not_found', 'The intake has no such recipient.', { reason: 'recipient_not_found' });
        const bouncedAt = primary ? intake.client_bounced_at : (extra?.bounced_at ?? null);
        if (!bouncedAt)
          throw new DomainError('conflict', 'This address has not bounced.', { reason: 'recipient_not_bounced' });
        wasNobodyLeft = Boolean(intake.client_bounced_at) && intake.also_notify.every((r) => r.bounced_at);
        const next: IntakeRecord = {
          ...intake,
          client_bounced_at: primary ? null : intake.client_bounced_at,
          also_notify: intake.also_notify.map((r) =>
            r.email.toLowerCase() === email.toLowerCase() ? { ...r, bounced_at: null } : r,
          ),
        };
        return { intake: intakeState(next, items), events: [], record: next };
      },
      after: async (intake, now) => {
        if (wasNobodyLeft && stillChasing(intake)) await this.planner.replan(intake, now);
      },
    });
    return { email, bounced_at: null, still_chasing: stillChasing(result.intake) };
  }

  listClients(
    access: AccessContext,
    q: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ clients: ClientView[]; total: number }> {
    return this.clients.list(access, q, limit, offset);
  }
}

/** Reminders go out only for sent or in-progress intakes that are not stalled and not on `off`. */
export function stillChasing(intake: IntakeRecord): boolean {
  return (
    (intake.status === 'sent' || intake.status === 'in_progress') &&
    !intake.stalled_at &&
    intake.chase_schedule !== 'off'
  );
}
