import { createHash } from 'node:crypto';
import { accessOf, type Principal } from '@intake/domain-accounts';
import { DomainError } from '@intake/errors';
import { IdempotencyStore } from '../ports/idempotency-store.port';
import { IntakeFiles } from '../ports/intake-files.port';
import { IntakeStore } from '../ports/intake-store.port';
import { systemAccess, type IntakeDetail } from '../write-path/intake-writer';

/** An Idempotency-Key is honoured for this long. */
export const IDEMPOTENCY_WINDOW_SECONDS = 24 * 3600;

/** A concurrent request with the same Idempotency-Key committed first. */
export class ConcurrentDuplicate extends Error {}

const reused = (message: string) => new DomainError('conflict', message, { reason: 'idempotency_key_reused' });

/**
 * Idempotency-Key bookkeeping of POST /v1/intakes: the body's hash, the replay of a live claim
 * (409 idempotency_key_reused when the body differs) and the claim of a new intake.
 */
export class IntakeIdempotency {
  static readonly inject = [IdempotencyStore, IntakeStore, IntakeFiles] as const;

  constructor(
    private readonly claims: IdempotencyStore,
    private readonly intakes: IntakeStore,
    private readonly files: IntakeFiles,
  ) {}

  /** The same body always hashes the same: JSON with sorted keys, undefined fields left out. */
  hash(body: unknown): string {
    return createHash('sha256').update(canonicalJson(body)).digest('hex');
  }

  /** The intake a live claim of the key created, if there is one. */
  async replay(principal: Principal, key: string, requestHash: string, now: Date): Promise<IntakeDetail | undefined> {
    const claim = await this.claims.find(principal.accountId, key, now);
    if (!claim) return undefined;
    if (claim.request_hash !== requestHash) {
      throw reused('This Idempotency-Key was already used with a different request body.');
    }
    // Keys are per account; the replay shows only what the caller may see (a test key never gets
    // the live intake a live key created with the same key and body).
    const intake = await this.intakes.get(accessOf(principal), claim.intake_id);
    if (!intake) {
      const exists = await this.intakes.get(systemAccess(principal.accountId), claim.intake_id);
      throw reused(
        exists
          ? 'This Idempotency-Key was already used by another API key or mode of this account.'
          : 'The intake created with this Idempotency-Key no longer exists.',
      );
    }
    const [items, files] = await Promise.all([this.intakes.items(intake.id), this.files.ofIntake(intake.id)]);
    return { intake, items, files };
  }

  /** Claims the key for a new intake in the caller's unit of work; ConcurrentDuplicate when another won. */
  async claim(accountId: string, key: string, requestHash: string, intakeId: string, now: Date): Promise<void> {
    const expiresAt = new Date(now.getTime() + IDEMPOTENCY_WINDOW_SECONDS * 1000);
    const claimed = await this.claims.claim(
      accountId,
      key,
      { request_hash: requestHash, intake_id: intakeId },
      now,
      expiresAt,
    );
    if (!claimed) throw new ConcurrentDuplicate();
  }
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
