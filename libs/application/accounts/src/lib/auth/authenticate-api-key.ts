import { parseApiKey, type PlanId, planOf } from '@intake/domain-accounts';
import { Clock, ProcessCache } from '@intake/kernel';
import { type ApiKeyRecord, ApiKeyStore } from '../ports/api-key-store.port';
import { tokenHash } from '../secrets';
import { type Authenticated } from './authenticated';

/** How often an API key's last_used_at is written at most. */
export const KEY_TOUCH_EVERY_MS = 60_000;

/** What invalidates the cached reads of an API key in every process (RevokeApiKey publishes it). */
export const apiKeyCacheTag = (keyId: string) => `api-key:${keyId}`;

/**
 * The principal behind a bearer API key and its plan, or undefined (malformed, unknown, revoked).
 * A key found valid is kept in the process's cache (no round trip on the next request with it);
 * RevokeApiKey invalidates it there and in every other process within a second.
 */
export class AuthenticateApiKey {
  static readonly inject = [ApiKeyStore, ProcessCache, Clock] as const;

  constructor(
    private readonly keys: ApiKeyStore,
    private readonly cache: ProcessCache,
    private readonly clock: Clock,
  ) {}

  async execute(raw: string): Promise<Authenticated | undefined> {
    if (!parseApiKey(raw)) return undefined;
    const hash = tokenHash(raw);
    const cacheKey = `api-key-by-token:${hash.toString('base64')}`;
    let key = this.cache.get<ApiKeyRecord & { plan: PlanId }>(cacheKey);
    if (!key) {
      const ticket = this.cache.ticket();
      key = await this.keys.findByTokenHash(hash);
      if (!key || key.revoked_at) return undefined;
      this.cache.remember(cacheKey, [apiKeyCacheTag(key.id)], key, ticket);
    }
    // last_used_at moves at most once a minute: decided here from the row already read, so the
    // usual request makes no write (and no extra round trip) at all.
    const now = this.clock.now();
    if (!key.last_used_at || now.getTime() - new Date(key.last_used_at).getTime() >= KEY_TOUCH_EVERY_MS) {
      await this.keys.touch(key.id, now);
      key.last_used_at = now; // the cached record too, so this process touches once a minute
    }
    return {
      plan: planOf(key.plan),
      principal: { kind: 'api_key', accountId: key.account_id, keyId: key.id, mode: key.mode, scopes: key.scopes },
    };
  }
}
