import { type ContractChase, type IntakeDetail, type IntakeFile, type ListRow } from '@intake/application-intakes';
import { type Plan } from '@intake/domain-accounts';
import { FOLLOW_UP_EVENTS, type WebhookCoverage } from '@intake/application-webhooks';
import { itemNotFound, type IntakeRecord, type ItemRecord } from '@intake/domain-intake';
import { isDecisionType, isFileType } from '@intake/domain-items';
import type {
  BriefFileView,
  ChaseView,
  FileView,
  FollowUpView,
  IntakeView,
  ItemView,
  ListIntakeView,
} from './intake-responses.dto';

function iso(d: Date): string;
function iso(d: Date | null): string | null;
function iso(d: Date | null): string | null {
  return d ? new Date(d).toISOString() : null;
}

/** The intake object; `files` are the intake's files, of which the brief files are shown. */
export function intakeView(intake: IntakeRecord, portalUrl: string, files: readonly IntakeFile[] = []): IntakeView {
  return {
    intake_id: intake.id,
    project_name: intake.project_name,
    status: intake.status,
    mode: intake.mode,
    portal_url: portalUrl,
    client: {
      email: intake.client_email,
      name: intake.client_name,
      phone: intake.client_phone,
      language: intake.client_language,
      timezone: intake.client_timezone,
      also_notify: intake.also_notify.map((r) => ({ email: r.email, name: r.name, bounced_at: iso(r.bounced_at) })),
      client_bounced_at: iso(intake.client_bounced_at),
    },
    branding: intake.branding,
    folder_id: intake.folder_id,
    test_clock: intake.test_clock_id,
    chase_schedule: intake.chase_schedule,
    chase_interval_minutes: intake.chase_interval_minutes,
    respect_quiet_hours: intake.respect_quiet_hours,
    send_thank_you: intake.send_thank_you,
    max_reminders: intake.max_reminders ?? 'unlimited',
    chase_at_time: intake.chase_at_time,
    due_date: intake.due_date,
    retention: { mode: intake.retention_mode, days: intake.retention_days, anonymize: intake.retention_anonymize },
    created_at: iso(intake.created_at),
    sent_at: iso(intake.sent_at),
    completed_at: iso(intake.completed_at),
    delivered_at: iso(intake.delivered_at),
    anonymized_at: iso(intake.anonymized_at),
    client_last_seen: iso(intake.client_last_seen),
    stalled_at: iso(intake.stalled_at),
    purge_at: iso(intake.purge_at),
    client_note: intake.client_note,
    owner_note: intake.owner_note,
    client_brief: intake.client_brief,
    brief_files: files.filter((f) => f.kind === 'brief').map(briefFileView),
  };
}

/** An item; `files` are the intake's files, of which the item's uploads are shown. */
export function itemView(item: ItemRecord, files: readonly IntakeFile[] = []): ItemView {
  const decision = item.assignee === 'owner' && isDecisionType(item.type);
  return {
    key: item.key,
    type: item.type,
    assignee: item.assignee,
    label: item.label,
    help: item.help,
    required: item.required,
    status: item.status,
    value: item.type === 'secret' ? null : item.value,
    constraints: item.constraints,
    schema: item.schema,
    options: item.options,
    pattern: item.pattern,
    submitted_at: iso(item.submitted_at),
    approved_at: iso(item.approved_at),
    revision_note: item.revision_note,
    revision_count: item.revision_count,
    waiver: {
      state: item.waiver.state,
      reason: item.waiver.reason,
      requested_by: item.waiver.requested_by,
      requested_at: iso(item.waiver.requested_at),
      decided_at: iso(item.waiver.decided_at),
    },
    client_note: item.client_note,
    owner_note: item.owner_note,
    received_outside: item.received_outside,
    received_outside_note: item.received_outside_note,
    ...(isFileType(item.type) ? { files: files.filter((f) => f.item_key === item.key).map(fileView) } : {}),
    ...(decision
      ? {
          decision: {
            decided_by: item.decided_by,
            value: item.decided_by === 'owner' ? item.value : null,
            proposed_value: item.proposed?.value ?? null,
            proposed_rationale: item.proposed?.rationale ?? null,
          },
        }
      : {}),
  };
}

export function listItemView(
  row: ListRow,
  portalUrl: string,
  progress: { submitted: number; total: number },
): ListIntakeView {
  return {
    intake_id: row.intake.id,
    project_name: row.intake.project_name,
    status: row.intake.status,
    mode: row.intake.mode,
    client: { email: row.intake.client_email, name: row.intake.client_name },
    portal_url: portalUrl,
    created_at: iso(row.intake.created_at),
    progress: { submitted: progress.submitted, total: progress.total },
  };
}

export function chaseView(chase: ContractChase): ChaseView {
  return {
    id: chase.id,
    channel: chase.channel,
    kind: chase.kind,
    scheduled_at: iso(chase.scheduled_at),
    sent_at: iso(chase.sent_at),
    status: chase.status,
    attempt_no: chase.attempt_no,
    missing_items_count: chase.missing_items_count,
    error: chase.error,
  };
}

/**
 * follow_up of the 201: wait for webhooks once the account's active endpoints of the intake's mode
 * together take `item.submitted` and `intake.completed` (FOLLOW_UP_EVENTS), else poll on a
 * schedule: at the plan's interval but at most hourly for something that takes days, until the
 * due date plus a week, else 30 days. `webhook.events` is the union of the active endpoints'
 * events (empty without any).
 */
export function followUp(intake: IntakeRecord, plan: Plan, coverage: WebhookCoverage): FollowUpView {
  const everyHours = Math.max(1, Math.round((plan.recommended_poll_interval_seconds / 3600) * 100) / 100);
  const until = intake.due_date
    ? new Date(Date.parse(`${intake.due_date}T23:59:59Z`) + 7 * 86_400_000)
    : new Date(new Date(intake.created_at).getTime() + 30 * 86_400_000);
  const needs = FOLLOW_UP_EVENTS.join(' and ');
  return {
    recommended: coverage.covered ? 'webhook' : 'schedule',
    reason: coverage.covered
      ? `Active webhook endpoints take ${needs} for this intake’s mode; wait for them.`
      : coverage.active_endpoints > 0
        ? `The active webhook endpoints of this intake’s mode do not take both ${needs}: poll the status endpoint, or subscribe to them.`
        : `No active webhook endpoint takes ${needs} for this intake’s mode: poll the status endpoint, or register a webhook.`,
    webhook: {
      active_endpoints: coverage.active_endpoints,
      events: [...coverage.events],
      register_with: 'POST /v1/webhooks',
    },
    schedule: {
      check_with: `GET /v1/intakes/${intake.id}/status`,
      every_hours: everyHours,
      until: until.toISOString(),
    },
  };
}

export function briefFileView(file: IntakeFile): BriefFileView {
  return {
    id: file.id,
    filename: file.filename,
    mime: file.mime,
    size: file.size,
    av_status: file.av_status,
    created_at: iso(file.created_at),
  };
}

export function fileView(file: IntakeFile): FileView {
  return {
    id: file.id,
    filename: file.filename,
    mime: file.mime,
    size: file.size,
    width: file.width,
    height: file.height,
    av_status: file.av_status,
    checksum_sha256: file.checksum_sha256,
    created_at: iso(file.created_at),
  };
}

/** The view of one item of a changed intake. */
export const itemIn = (detail: Pick<IntakeDetail, 'items' | 'files'>, key: string): ItemView => {
  const item = detail.items.find((i) => i.key === key);
  if (!item) throw itemNotFound(key);
  return itemView(item, detail.files);
};
