import { parseApiKey, planOf } from '@intake/domain-accounts';
import { Clock } from '@intake/kernel';
import { ApiKeyStore } from '../ports';
import { tokenHash } from '../secrets';
import { type Authenticated } from './authenticated';

/** How often an API key's last_used_at is written at most. */
export const KEY_TOUCH_EVERY_MS = 60_000;

/** The principal behind a bearer API key and its plan, or undefined (malformed, unknown, revoked). */
export class AuthenticateApiKey {
  static readonly inject = [ApiKeyStore, Clock] as const;

  constructor(
    private readonly keys: ApiKeyStore,
    private readonly clock: Clock,
  ) {}

  async execute(raw: string): Promise<Authenticated | undefined> {
    if (!parseApiKey(raw)) return undefined;
    const key = await this.keys.findByTokenHash(tokenHash(raw));
    if (!key || key.revoked_at) return undefined;
    // last_used_at moves at most once a minute: decided here from the row already read, so the
    // usual request makes no write (and no extra round trip) at all.
    const now = this.clock.now();
    if (!key.last_used_at || now.getTime() - new Date(key.last_used_at).getTime() >= KEY_TOUCH_EVERY_MS) {
      await this.keys.touch(key.id, now);
    }
    return {
      plan: planOf(key.plan),
      principal: { kind: 'api_key', accountId: key.account_id, keyId: key.id, mode: key.mode, scopes: key.scopes },
    };
  }
}
