import { type Clock, type UnitOfWork, type AuditRecorder, type RequestMeta } from '@intake/kernel';
import { actorOf, apiKeyHint, formatApiKey, type Principal, type Scope, SCOPES } from '@intake/domain-accounts';
import { type Mode } from '@intake/domain-kernel';
import { DomainError, notFound } from '@intake/errors';
import { newId, randomToken } from '@intake/ids';
import { type ApiKeyRecord, type ApiKeyStore } from './ports';
import { tokenHash } from './secrets';

export interface CreateApiKey {
  name: string;
  mode: Mode;
  scopes: Scope[];
}

export class ApiKeysService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly keys: ApiKeyStore,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  /** Creates a key; the full key is returned here once and never again (only its hash is kept). */
  async create(
    principal: Principal,
    command: CreateApiKey,
    meta: RequestMeta,
  ): Promise<{ record: ApiKeyRecord; key: string }> {
    const key = formatApiKey(command.mode, randomToken(32));
    const { prefix, last4 } = apiKeyHint(key);
    const scopes = SCOPES.filter((scope) => command.scopes.includes(scope));
    const record: ApiKeyRecord = {
      id: newId('apiKey'),
      account_id: principal.accountId,
      name: command.name.trim(),
      mode: command.mode,
      scopes,
      token_hash: tokenHash(key),
      prefix,
      last4,
      created_by_user_id: principal.kind === 'session' ? principal.userId : null,
      created_at: this.clock.now(),
      last_used_at: null,
      revoked_at: null,
    };
    await this.uow.run(async () => {
      await this.keys.create(record);
      await this.audit.record(principal.accountId, actorOf(principal), 'api_key.created', record.id, meta, {
        name: record.name,
        mode: record.mode,
        scopes,
      });
    });
    return { record, key };
  }

  list(accountId: string): Promise<ApiKeyRecord[]> {
    return this.keys.list(accountId);
  }

  async revoke(principal: Principal, keyId: string, meta: RequestMeta): Promise<void> {
    await this.uow.run(async () => {
      const key = await this.keys.get(principal.accountId, keyId);
      if (!key) throw notFound('API key');
      if (!(await this.keys.revoke(principal.accountId, keyId, this.clock.now()))) {
        throw new DomainError('invalid_request', 'This API key is already revoked.', { reason: 'key_already_revoked' });
      }
      await this.audit.record(principal.accountId, actorOf(principal), 'api_key.revoked', keyId, meta, {
        name: key.name,
      });
    });
  }
}
