import { actorOf, apiKeyHint, formatApiKey, type Principal, type Scope, SCOPES } from '@intake/domain-accounts';
import { type Mode } from '@intake/domain-kernel';
import { DomainError } from '@intake/errors';
import { newId, randomToken } from '@intake/ids';
import { AuditRecorder, Clock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { type ApiKeyRecord, ApiKeyStore } from '../ports/api-key-store.port';
import { tokenHash } from '../secrets';

export interface CreateApiKeyInput {
  principal: Principal;
  key: { name: string; mode: Mode; scopes: Scope[] };
  meta: RequestMeta;
}

/**
 * Scopes only the owner may give a key: `admin` passes the routes that are owner-only for sessions
 * (API keys are exempt from roles) and `secrets:read` reads what only the owner's session may reveal.
 */
export const OWNER_ONLY_SCOPES: readonly Scope[] = ['admin', 'secrets:read'];

/**
 * POST /v1/keys: a key whose full text is returned here once and never again (only its hash is
 * kept). A member may create keys, but not with an owner-only scope (403 owner_only): a key must
 * not do more than the person who made it.
 */
export class CreateApiKey {
  static readonly inject = [UnitOfWork, ApiKeyStore, AuditRecorder, Clock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly keys: ApiKeyStore,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  async execute({ principal, key: command, meta }: CreateApiKeyInput): Promise<{ record: ApiKeyRecord; key: string }> {
    const ownerOnly = OWNER_ONLY_SCOPES.filter((scope) => command.scopes.includes(scope));
    if (principal.kind === 'session' && principal.role !== 'owner' && ownerOnly.length > 0) {
      throw new DomainError(
        'forbidden',
        `Only the account owner may create a key with scope ${ownerOnly.join(', ')}.`,
        {
          reason: 'owner_only',
        },
      );
    }
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
