import { itemOf } from '@intake/application-intakes';
import { accessOf, type Principal } from '@intake/domain-accounts';
import { DomainError, notFound } from '@intake/errors';
import { IntakeClock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { revealExpiresAt } from './reveal-window';
import { SecretReleases } from './secret-releases';
import { ResultIntakes } from '../ports/result-intakes.port';

export interface RevealSecretInput {
  principal: Principal;
  intakeId: string;
  key: string;
  meta: RequestMeta;
}

/**
 * The answers of POST …/reveal (docs/contract.md "Results and downloads"): the first reveal, or the fact of
 * an earlier one.
 */
export type RevealAnswer =
  | { key: string; value: string; first_reveal: true; expires_at: Date }
  | { key: string; value: null; already_revealed: true; revealed_at: Date; message: string };

/**
 * POST /v1/intakes/:id/items/:key/reveal: the account owner's session reads a secret item's
 * answer once. The release, its audit entry (`item.secret_revealed`, never the value) and the
 * opening happen in one unit of work: if the value cannot be opened (a key missing from the
 * ring) nothing is consumed. Later calls answer 200 `already_revealed` with the time; past the
 * reveal window 410 `gone`. The session-only and owner-only rules are the route's (403).
 */
export class RevealSecret {
  static readonly inject = [UnitOfWork, ResultIntakes, SecretReleases, IntakeClock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly intakes: ResultIntakes,
    private readonly releases: SecretReleases,
    private readonly clock: IntakeClock,
  ) {}

  execute({ principal, intakeId, key, meta }: RevealSecretInput): Promise<RevealAnswer> {
    return this.uow.run(async () => {
      const intake = await this.intakes.get(accessOf(principal), intakeId);
      if (!intake) throw notFound('Intake');
      const item = itemOf(await this.intakes.items(intakeId), key);
      if (item.type !== 'secret') {
        throw new DomainError('invalid_request', 'Only a secret item can be revealed.', { reason: 'not_secret_item' });
      }
      const release = await this.releases.release(
        intake,
        key,
        { principal, meta, via: 'reveal' },
        await this.clock.now(intake),
      );
      switch (release.outcome) {
        case 'released':
          return { key, value: release.value, first_reveal: true, expires_at: revealExpiresAt(release.submitted_at) };
        case 'already_revealed':
          return {
            key,
            value: null,
            already_revealed: true,
            revealed_at: release.revealed_at,
            message:
              'This secret was already revealed once; it is no longer stored. Ask the client for it again if needed.',
          };
        case 'gone':
          throw new DomainError(
            'gone',
            'This secret was not revealed within its reveal window and has been purged. Ask the client to send it again.',
          );
        case 'unanswered':
          throw new DomainError('conflict', 'The client has not sent this secret yet.', {
            reason: 'secret_not_submitted',
          });
      }
    });
  }
}
