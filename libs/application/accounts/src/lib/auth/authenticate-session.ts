import { planOf } from '@intake/domain-accounts';
import { Clock } from '@intake/kernel';
import { SessionStore } from '../ports/session-store.port';
import { tokenHash } from '../secrets';
import { type Authenticated } from './authenticated';

/** The principal behind a session cookie and its plan, or undefined (missing, revoked, expired, unknown). */
export class AuthenticateSession {
  static readonly inject = [SessionStore, Clock] as const;

  constructor(
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
  ) {}

  async execute(sessionToken: string): Promise<Authenticated | undefined> {
    const found = await this.sessions.findActive(tokenHash(sessionToken), this.clock.now());
    if (!found) return undefined;
    return {
      plan: planOf(found.plan),
      principal: {
        kind: 'session',
        accountId: found.user.account_id,
        userId: found.user.id,
        role: found.user.role,
        sessionId: found.session.token_hash.toString('hex').slice(0, 16),
      },
    };
  }
}
