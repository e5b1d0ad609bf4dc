import { type ApiKeyRecord, ApiKeyStore } from '../ports/api-key-store.port';

/** GET /v1/keys: the account's keys (hints only: prefix and last four characters). */
export class ListApiKeys {
  static readonly inject = [ApiKeyStore] as const;

  constructor(private readonly keys: ApiKeyStore) {}

  execute(accountId: string): Promise<ApiKeyRecord[]> {
    return this.keys.list(accountId);
  }
}
