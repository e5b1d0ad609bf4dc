import { type Branding, type BrandingInput, parseBranding, type Principal } from '@intake/domain-accounts';
import {
  afterMaxRemindersChange,
  type ChaseSettingsInput,
  reachedMaxReminders,
  resolveChaseSettings,
  stall,
  type IntakeRecord,
} from '@intake/domain-intake';
import { DomainError, validationFailed } from '@intake/errors';
import { type RequestMeta } from '@intake/kernel';
import { intakeState } from '../model/intake-state';
import { FolderStore } from '../ports/folder-store.port';
import { IntakeChases } from '../ports/intake-chases.port';
import { ReminderPlanner } from '../ports/reminder-planner.port';
import { remindersSent } from '../write-path/chases';
import { type ChangedIntake, IntakeWriter } from '../write-path/intake-writer';

/** The body of PATCH /v1/intakes/:id. */
export interface IntakePatch extends ChaseSettingsInput {
  project_name?: string;
  owner_note?: string | null;
  client_brief?: string | null;
  due_date?: string | null;
  folder_id?: string | null;
  /** null follows the account's `send_thank_you` again. */
  send_thank_you?: boolean | null;
  /** The intake's own branding (replacing the stored one as a whole); null: the account's default. */
  branding?: BrandingInput | null;
  client?: { name?: string; phone?: string | null; language?: IntakeRecord['client_language']; timezone?: string };
}

export interface UpdateIntakeInput {
  principal: Principal;
  intakeId: string;
  patch: IntakePatch;
  meta: RequestMeta;
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

const given = (fields: object, prefix = '') =>
  Object.entries(fields)
    .filter(([key, value]) => value !== undefined && key !== 'client')
    .map(([key]) => `${prefix}${key}`);

/**
 * PATCH /v1/intakes/:id: at least one field (400 no_fields); null clears the nullable ones. A
 * schedule change re-plans the reminders of an intake still being chased; a stalled intake keeps
 * its new settings without resuming, unless max_reminders now allows more reminders.
 */
export class UpdateIntake {
  static readonly inject = [IntakeWriter, IntakeChases, FolderStore, ReminderPlanner] as const;

  constructor(
    private readonly writer: IntakeWriter,
    private readonly chases: IntakeChases,
    private readonly folders: FolderStore,
    private readonly planner: ReminderPlanner,
  ) {}

  async execute({ principal, intakeId, patch, meta }: UpdateIntakeInput): Promise<ChangedIntake> {
    const fields = [...given(patch), ...given(patch.client ?? {}, 'client.')].sort();
    if (fields.length === 0) {
      throw new DomainError('invalid_request', 'Give at least one field to change.', { reason: 'no_fields' });
    }
    // Any string is checked, the empty one too (it slipped through and broke the foreign key: 500);
    // null moves the intake to Unfiled.
    if (typeof patch.folder_id === 'string' && !(await this.folders.get(principal.accountId, patch.folder_id))) {
      throw new DomainError('invalid_request', 'folder_id is not a folder of this account.', {
        reason: 'validation_error',
        details: [{ path: 'folder_id', message: 'is not a folder of this account' }],
      });
    }
    const branding = brandingOf(patch);
    const replans = REPLANNING.some((f) => patch[f] !== undefined) || patch.client?.timezone !== undefined;
    let resume = false;
    return this.writer.change({ by: 'owner', principal, intakeId }, meta, {
      action: 'intake.updated',
      summary: { fields },
      decide: async (intake, items, now) => {
        const chase = resolveChaseSettings(patch, intake);
        if (!chase.settings) throw validationFailed(chase.details);
        const sent = remindersSent(await this.chases.chases(intake.id));
        const maxReminders = chase.settings.max_reminders ?? 'unlimited';
        const stalled = afterMaxRemindersChange(intake.stalled_at, sent, maxReminders);
        resume = stalled.resume;
        const next = {
          ...intake,
          ...chase.settings,
          stalled_at: stalled.stalled_at,
          ...patched(intake, patch, branding),
        };
        const state = intakeState(next, items);
        // Lowering max_reminders to the reminders already sent stalls a chased intake at once.
        if (replans && reachedMaxReminders(sent, maxReminders)) return { ...stall(state, now), record: next };
        return { intake: state, events: [], record: next };
      },
      after: async (intake, now) => {
        const chasing = intake.status === 'sent' || intake.status === 'in_progress';
        if (chasing && replans && (!intake.stalled_at || resume)) await this.planner.replan(intake, now);
      },
    });
  }
}

/** The patch's branding checked (422 naming the field) and normalised; undefined when left out. */
function brandingOf(patch: IntakePatch): Branding | null | undefined {
  if (patch.branding === undefined || patch.branding === null) return patch.branding;
  const parsed = parseBranding(patch.branding, 'branding');
  if (parsed.details) throw validationFailed(parsed.details);
  return parsed.branding;
}

/** The plain fields of the patch over the intake's (a field left out keeps its value). */
function patched(
  intake: IntakeRecord,
  patch: IntakePatch,
  branding: Branding | null | undefined,
): Partial<IntakeRecord> {
  const keep = <T>(value: T | undefined, current: T): T => (value === undefined ? current : value);
  return {
    project_name: patch.project_name?.trim() ?? intake.project_name,
    owner_note: keep(patch.owner_note, intake.owner_note),
    client_brief: patch.client_brief === undefined ? intake.client_brief : patch.client_brief?.trim() || null,
    due_date: keep(patch.due_date, intake.due_date),
    folder_id: keep(patch.folder_id, intake.folder_id),
    send_thank_you: keep(patch.send_thank_you, intake.send_thank_you),
    branding: keep(branding, intake.branding),
    client_name: patch.client?.name?.trim() ?? intake.client_name,
    client_phone: keep(patch.client?.phone, intake.client_phone),
    client_language: patch.client?.language ?? intake.client_language,
    client_timezone: patch.client?.timezone ?? intake.client_timezone,
  };
}
