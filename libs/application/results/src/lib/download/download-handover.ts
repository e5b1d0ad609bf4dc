import { accessOf, type Principal } from '@intake/domain-accounts';
import { notFound } from '@intake/errors';
import { type RequestMeta, UnitOfWork } from '@intake/kernel';
import { Collections } from '../collect/collections';
import { ItemSecrets, type SecretState } from '../ports/item-secrets.port';
import { revealWindowStart } from '../secrets/reveal-window';
import { SecretReleases } from '../secrets/secret-releases';
import { type ReportSecret } from './download-report';
import { ResultIntakes } from '../ports/result-intakes.port';

export interface HandoverInput {
  principal: Principal;
  intakeId: string;
  includeSecrets: boolean;
  meta: RequestMeta;
}

/**
 * The end of a download, once every file went out: with include_secrets each secret still
 * releasable is released (audited `item.secret_revealed` via `download`), and the first complete
 * download records `delivered_at`, in one unit of work under the intake's row lock. Says what
 * became of each secret item, for the reports.
 */
export class DownloadHandover {
  static readonly inject = [UnitOfWork, ResultIntakes, ItemSecrets, SecretReleases, Collections] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly intakes: ResultIntakes,
    private readonly secrets: ItemSecrets,
    private readonly releases: SecretReleases,
    private readonly collections: Collections,
  ) {}

  complete(
    { principal, intakeId, includeSecrets, meta }: HandoverInput,
    now: Date,
  ): Promise<Map<string, ReportSecret>> {
    return this.uow.run(async () => {
      const intake = await this.intakes.getForUpdate(accessOf(principal), intakeId);
      if (!intake) throw notFound('Intake');
      const secrets = new Map<string, ReportSecret>();
      for (const state of await this.secrets.states(intake.id)) {
        if (!includeSecrets || !state.releasable) {
          secrets.set(state.key, unconsumed(state, revealWindowStart(now)));
          continue;
        }
        const release = await this.releases.release(intake, state.key, { principal, meta, via: 'download' }, now);
        secrets.set(
          state.key,
          release.outcome === 'released'
            ? { state: 'released', value: release.value, at: now }
            : release.outcome === 'already_revealed'
              ? { state: 'revealed', at: release.revealed_at }
              : { state: release.outcome === 'gone' ? 'purged' : 'unanswered' },
        );
      }
      await this.collections.deliver(intake, principal, meta, now);
      return secrets;
    });
  }
}

/** A secret item's state as read without consuming it. */
function unconsumed(state: SecretState, windowStart: Date): ReportSecret {
  if (state.released_at) return { state: 'revealed', at: state.released_at };
  if (state.purged_at) return { state: 'purged' };
  if (!state.releasable) return { state: 'unanswered' };
  return state.submitted_at && state.submitted_at >= windowStart ? { state: 'withheld' } : { state: 'purged' };
}
