import { type PlanId, type Scope } from '@intake/domain-accounts';
import { type Mode } from '@intake/domain-kernel';

export interface ApiKeyRecord {
  id: string;
  account_id: string;
  name: string;
  mode: Mode;
  scopes: Scope[];
  token_hash: Buffer;
  prefix: string;
  last4: string;
  created_by_user_id: string | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export abstract class ApiKeyStore {
  abstract create(key: ApiKeyRecord): Promise<void>;
  abstract list(accountId: string): Promise<ApiKeyRecord[]>;
  abstract get(accountId: string, keyId: string): Promise<ApiKeyRecord | undefined>;
  /** The key with its account's plan (one round trip on every API-key request). */
  abstract findByTokenHash(tokenHash: Buffer): Promise<(ApiKeyRecord & { plan: PlanId }) | undefined>;
  /** Revokes a key that is not revoked yet; false when it already was. */
  abstract revoke(accountId: string, keyId: string, now: Date): Promise<boolean>;
  /** Records use, at most about once a minute per key (a write per request would be waste). */
  abstract touch(keyId: string, now: Date): Promise<void>;
}
