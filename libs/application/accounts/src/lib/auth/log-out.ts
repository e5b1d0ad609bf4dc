import { actorOf, type Principal } from '@intake/domain-accounts';
import { AuditRecorder, Clock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { SessionStore } from '../ports/session-store.port';
import { tokenHash } from '../secrets';

export interface LogOutInput {
  principal: Principal & { kind: 'session' };
  sessionToken: string;
  meta: RequestMeta;
}

/** POST /v1/auth/logout: the session ends (revoked, not deleted, so the audit log keeps its trail). */
export class LogOut {
  static readonly inject = [UnitOfWork, SessionStore, AuditRecorder, Clock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly sessions: SessionStore,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  async execute({ principal, sessionToken, meta }: LogOutInput): Promise<void> {
    await this.uow.run(async () => {
      await this.sessions.revoke(tokenHash(sessionToken), this.clock.now());
      await this.audit.record(principal.accountId, actorOf(principal), 'auth.logged_out', principal.userId, meta);
    });
  }
}
