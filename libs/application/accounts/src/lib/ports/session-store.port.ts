import { type PlanId } from '@intake/domain-accounts';
import { type UserRecord } from './account-store.port';

export interface SessionRecord {
  token_hash: Buffer;
  user_id: string;
  account_id: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export abstract class SessionStore {
  abstract create(session: SessionRecord): Promise<void>;
  /** The session and its user, when the session exists, is not revoked and has not expired. */
  abstract findActive(
    tokenHash: Buffer,
    now: Date,
  ): Promise<{ session: SessionRecord; user: UserRecord; plan: PlanId } | undefined>;
  abstract revoke(tokenHash: Buffer, now: Date): Promise<void>;
  abstract revokeAllOfUser(userId: string, now: Date): Promise<void>;
}
