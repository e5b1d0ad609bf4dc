import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { CreateApiKey, ListApiKeys, RevokeApiKey } from '@intake/application-accounts';
import { RequestMeta } from '@intake/kernel';
import { Principal } from '@intake/domain-accounts';
import { DomainError } from '@intake/errors';
import { ApiError, ApiErrors } from '@intake/http';
import { Access, CurrentPrincipal, Meta } from './access';
import { ApiKeyList, CreatedApiKey, CreateKeyRequest } from './accounts.dto';
import { apiKeyView } from './views';

@ApiTags('keys')
@Controller('v1/keys')
export class KeysController {
  constructor(
    private readonly createApiKey: CreateApiKey,
    private readonly listApiKeys: ListApiKeys,
    private readonly revokeApiKey: RevokeApiKey,
  ) {}

  @Post()
  @Access({ via: 'session' })
  @ApiOperation({
    summary: 'Create an API key (shown once).',
    description:
      'Creates a key of a mode (live sends real e-mail and SMS to clients, test never contacts anyone) with scopes (admin, intakes:read, intakes:write, secrets:read; admin includes all). The full key (svc_live_… or svc_test_…) is in this response only; the service keeps a hash, so store it now. Dashboard sessions only: a key cannot create keys. Only the owner may give a key scope admin or secrets:read (403 owner_only). Audited.',
  })
  @ApiCreatedResponse({ type: CreatedApiKey })
  @ApiErrors({ error: 'forbidden', reason: 'owner_only' })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateKeyRequest,
    @Meta() meta: RequestMeta,
  ): Promise<CreatedApiKey> {
    const { record, key } = await this.createApiKey.execute({
      principal,
      key: { name: body.name, mode: body.mode ?? 'live', scopes: body.scopes },
      meta,
    });
    return { ...apiKeyView(record), key };
  }

  @Get()
  @Access({ via: 'session' })
  @ApiOperation({
    summary: 'The account’s API keys, newest first (never the keys themselves).',
    description:
      'Name, mode, scopes, prefix and last four characters, creation, last use and revocation time of each key, for auditing and revoking; the secret part is never shown again after creation. Dashboard sessions only. Read-only.',
  })
  @ApiOkResponse({ type: ApiKeyList })
  async list(@CurrentPrincipal() principal: Principal): Promise<ApiKeyList> {
    return { keys: (await this.listApiKeys.execute(principal.accountId)).map(apiKeyView) };
  }

  @Delete('current')
  @HttpCode(204)
  @Access({ via: 'key' })
  @ApiOperation({
    summary: 'Revoke the API key making this request.',
    description:
      'The only key operation an API key can call: use it when a key is leaked or no longer needed. The key stops working at once, on every instance (later requests with it get 401). 204 with no body. Audited.',
  })
  @ApiNoContentResponse()
  @ApiErrors({ error: 'forbidden', reason: 'key_only' })
  async revokeCurrent(@CurrentPrincipal() principal: Principal, @Meta() meta: RequestMeta): Promise<void> {
    if (principal.kind !== 'api_key') throw new DomainError('forbidden', 'API key only.', { reason: 'key_only' });
    await this.revokeApiKey.execute({ principal, keyId: principal.keyId, meta });
  }

  @Delete(':id')
  @HttpCode(204)
  @Access({ via: 'session' })
  @ApiOperation({
    summary: 'Revoke an API key by id.',
    description:
      'Stops the key at once, on every instance; it stays listed as revoked. Dashboard sessions only (an API key revokes itself with DELETE /v1/keys/current). 400 invalid_request reason key_already_revoked if it already is; 404 if unknown; a member may revoke only keys they created (403 owner_only). Audited.',
  })
  @ApiNoContentResponse()
  @ApiBadRequestResponse({ type: ApiError })
  @ApiErrors({ error: 'invalid_request', reason: 'key_already_revoked' }, { error: 'forbidden', reason: 'owner_only' })
  async revoke(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Meta() meta: RequestMeta,
  ): Promise<void> {
    await this.revokeApiKey.execute({ principal, keyId: id, meta });
  }
}
