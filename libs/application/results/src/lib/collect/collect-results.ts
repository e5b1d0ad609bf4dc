import { accessOf, hasScope, type Principal } from '@intake/domain-accounts';
import { missingItemKeys, type Progress, progressOf, type IntakeRecord, type ItemRecord } from '@intake/domain-intake';
import { isFileType } from '@intake/domain-items';
import { DomainError, notFound } from '@intake/errors';
import { IntakeClock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { SecretReleases } from '../secrets/secret-releases';
import { Collections } from './collections';
import { ResultFiles } from './result-files';
import { ResultIntakes } from '../ports/result-intakes.port';

export interface CollectResultsInput {
  principal: Principal;
  intakeId: string;
  /** Only items approved (or, with includePending, submitted) since this key's previous call. */
  onlyNew: boolean;
  /** Submitted items too, not only approved ones. */
  includePending: boolean;
  /** Leave secret items out without consuming them. */
  excludeSecrets: boolean;
  meta: RequestMeta;
}

/** Why a secret item is not in `results`. */
export type SecretUnavailableReason = 'excluded' | 'missing_scope' | 'already_revealed' | 'expired' | 'not_submitted';

export interface ResultMeta {
  type: string;
  status: ItemRecord['status'];
  submitted_at: Date | null;
  /** Uploads not servable yet (antivirus pending) or never (infected), left out of the value. */
  files_pending?: number;
  secret_unavailable?: true;
  reason?: SecretUnavailableReason;
  revealed_at?: Date;
}

export interface CollectedResults {
  intake_id: string;
  status: IntakeRecord['status'];
  progress: Progress;
  missing: string[];
  results: Record<string, unknown>;
  meta: Record<string, ResultMeta>;
  /** The client's note on the whole intake (the portal's), whatever `onlyNew` says; null when none. */
  client_note: string | null;
}

/**
 * GET /v1/intakes/:id/results (API keys only; the route says so). One unit of work, under the
 * intake's row lock: the items a caller asked for, values shaped by type, uploads as signed URLs
 * (pending or infected ones counted, not listed), secrets released once (scope `secrets:read`
 * or `admin`; otherwise, or with excludeSecrets, left out and not consumed, the reason in meta).
 * The first answer records `delivered_at` (the `on_delivery` retention clock starts), every
 * answer moves the key's `only_new` cursor; both roll back with a failure.
 */
export class CollectResults {
  static readonly inject = [UnitOfWork, ResultIntakes, ResultFiles, SecretReleases, Collections, IntakeClock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly intakes: ResultIntakes,
    private readonly files: ResultFiles,
    private readonly releases: SecretReleases,
    private readonly collections: Collections,
    private readonly clock: IntakeClock,
  ) {}

  async execute(input: CollectResultsInput): Promise<CollectedResults> {
    const { principal, intakeId } = input;
    if (principal.kind !== 'api_key') {
      // The route refuses sessions first; this keeps the use case honest on its own.
      throw new DomainError('forbidden', 'Results are collected with an API key.', { reason: 'key_only' });
    }
    return this.uow.run(async () => {
      const intake = await this.intakes.getForUpdate(accessOf(principal), intakeId);
      if (!intake) throw notFound('Intake');
      const now = await this.clock.now(intake); // a test clock's intake: its reveal window runs on the clock
      const [items, uploads, since] = await Promise.all([
        this.intakes.items(intakeId),
        this.files.byItem(intakeId),
        input.onlyNew ? this.collections.previous(principal.keyId, intakeId) : Promise.resolve(null),
      ]);
      const results: Record<string, unknown> = {};
      const meta: Record<string, ResultMeta> = {};
      for (const item of items.filter((i) => wanted(i, input.includePending, since))) {
        const base: ResultMeta = { type: item.type, status: item.status, submitted_at: item.submitted_at };
        meta[item.key] = base;
        if (isFileType(item.type)) {
          const { servable, pending } = uploads.get(item.key) ?? { servable: [], pending: 0 };
          results[item.key] = item.type === 'file_list' ? servable : (servable[0] ?? null);
          if (pending > 0) meta[item.key] = { ...base, files_pending: pending };
        } else if (item.type === 'secret') {
          const secret = await this.secret(intake, item.key, input, now);
          if ('value' in secret) results[item.key] = secret.value;
          else meta[item.key] = { ...base, secret_unavailable: true, ...secret };
        } else {
          results[item.key] = item.value;
        }
      }
      await this.collections.record(intake, principal, principal.keyId, input.meta, now);
      return {
        intake_id: intake.id,
        status: intake.status,
        progress: progressOf(items),
        missing: missingItemKeys(items),
        results,
        meta,
        client_note: intake.client_note,
      };
    });
  }

  /** A secret item's value, released once, or why it is left out (unconsumed unless released before). */
  private async secret(
    intake: IntakeRecord,
    key: string,
    { principal, excludeSecrets, meta }: CollectResultsInput,
    now: Date,
  ): Promise<{ value: string } | { reason: SecretUnavailableReason; revealed_at?: Date }> {
    if (excludeSecrets) return { reason: 'excluded' };
    if (principal.kind !== 'api_key' || !hasScope(principal.scopes, 'secrets:read')) return { reason: 'missing_scope' };
    const release = await this.releases.release(intake, key, { principal, meta, via: 'results' }, now);
    switch (release.outcome) {
      case 'released':
        return { value: release.value };
      case 'already_revealed':
        return { reason: 'already_revealed', revealed_at: release.revealed_at };
      case 'gone':
        return { reason: 'expired' };
      case 'unanswered':
        return { reason: 'not_submitted' };
    }
  }
}

/**
 * Approved items, and submitted ones with include_pending; with only_new, those approved (or
 * submitted) after the key's previous collection. Owner tasks (not decisions) never.
 */
function wanted(item: ItemRecord, includePending: boolean, since: Date | null): boolean {
  // The client's answers and the owner's decisions; an owner's to-do has no value to collect.
  if (item.assignee === 'owner' && item.type !== 'select' && item.type !== 'multiselect') return false;
  const approved = item.status === 'approved';
  if (!approved && !(includePending && item.status === 'submitted')) return false;
  if (!since) return true;
  const at = approved ? item.approved_at : item.submitted_at;
  return at !== null && at > since;
}
