import { actorOf, type Principal } from '@intake/domain-accounts';
import { AuditRecorder, type RequestMeta, SecretBox } from '@intake/kernel';
import { ItemSecrets } from '../ports/item-secrets.port';
import { revealWindowStart } from './reveal-window';
import { type IntakeRecord } from '@intake/domain-intake';

/** A release as its callers use it: the value opened, or why there is none. */
export type OpenedRelease =
  | { outcome: 'released'; value: string; submitted_at: Date }
  | { outcome: 'already_revealed'; revealed_at: Date }
  | { outcome: 'gone' }
  | { outcome: 'unanswered' };

/**
 * The one-time release of a secret item's answer for every way of reading it (reveal, results,
 * a download with include_secrets): released under the reveal window, opened, and audited
 * `item.secret_revealed` with how (`via`), never with the value. Call it inside the caller's unit
 * of work, so that a value that cannot be opened is not consumed.
 */
export class SecretReleases {
  static readonly inject = [ItemSecrets, SecretBox, AuditRecorder] as const;

  constructor(
    private readonly secrets: ItemSecrets,
    private readonly box: SecretBox,
    private readonly audit: AuditRecorder,
  ) {}

  async release(
    intake: IntakeRecord,
    key: string,
    by: { principal: Principal; meta: RequestMeta; via: 'reveal' | 'results' | 'download' },
    now: Date,
  ): Promise<OpenedRelease> {
    const release = await this.secrets.release(intake.id, key, now, revealWindowStart(now));
    switch (release.outcome) {
      case 'released': {
        const value = this.box.open(release.sealed);
        await this.audit.record(intake.account_id, actorOf(by.principal), 'item.secret_revealed', intake.id, by.meta, {
          item_key: key,
          via: by.via,
        });
        return { outcome: 'released', value, submitted_at: release.submitted_at };
      }
      case 'already_revealed':
        return release;
      case 'gone':
        return { outcome: 'gone' };
      case 'unanswered':
        return release;
    }
  }
}
