import { actorOf, type Principal } from '@intake/domain-accounts';
import { DomainError, notFound } from '@intake/errors';
import { AuditRecorder, Clock, ProcessCache, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { apiKeyCacheTag } from '../auth/authenticate-api-key';
import { ApiKeyStore } from '../ports/api-key-store.port';

export interface RevokeApiKeyInput {
  principal: Principal;
  keyId: string;
  meta: RequestMeta;
}

/**
 * DELETE /v1/keys/:id and DELETE /v1/keys/current: 404 for an unknown key, 400 key_already_revoked.
 * A member's session revokes only the keys that member created (else 403 owner_only).
 */
export class RevokeApiKey {
  static readonly inject = [UnitOfWork, ApiKeyStore, AuditRecorder, Clock, ProcessCache] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly keys: ApiKeyStore,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
    private readonly cache: ProcessCache,
  ) {}

  async execute({ principal, keyId, meta }: RevokeApiKeyInput): Promise<void> {
    await this.uow.run(async () => {
      const key = await this.keys.get(principal.accountId, keyId);
      if (!key) throw notFound('API key');
      if (principal.kind === 'session' && principal.role !== 'owner' && key.created_by_user_id !== principal.userId) {
        throw new DomainError('forbidden', 'Only the account owner may revoke a key someone else created.', {
          reason: 'owner_only',
        });
      }
      if (!(await this.keys.revoke(principal.accountId, keyId, this.clock.now()))) {
        throw new DomainError('invalid_request', 'This API key is already revoked.', { reason: 'key_already_revoked' });
      }
      await this.audit.record(principal.accountId, actorOf(principal), 'api_key.revoked', keyId, meta, {
        name: key.name,
      });
    });
    // After the commit: every process's cache forgets the key (within a second).
    await this.cache.invalidate(apiKeyCacheTag(keyId));
  }
}
