import { actorOf, apiKeyHint, formatApiKey, type Principal, type Scope, SCOPES } from '@intake/domain-accounts';
import { type Mode } from '@intake/domain-kernel';
import { newId, randomToken } from '@intake/ids';
import { AuditRecorder, Clock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { type ApiKeyRecord, ApiKeyStore } from '../ports';
import { tokenHash } from '../secrets';

export interface CreateApiKeyInput {
  principal: Principal;
  key: { name: string; mode: Mode; scopes: Scope[] };
  meta: RequestMeta;
}

/** POST /v1/keys: a key whose full text is returned here once and never again (only its hash is kept). */
export class CreateApiKey {
  static readonly inject = [UnitOfWork, ApiKeyStore, AuditRecorder, Clock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly keys: ApiKeyStore,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  async execute({ principal, key: command, meta }: CreateApiKeyInput): Promise<{ record: ApiKeyRecord; key: string }> {
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
}
