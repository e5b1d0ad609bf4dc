import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCookieAuth,
  ApiExtension,
  ApiForbiddenResponse,
  ApiHeader,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type RequestMeta } from '@intake/kernel';
import { type Principal, type Role, type Scope } from '@intake/domain-accounts';
import { ACCESS_RULE, ApiError, Public } from '@intake/http';

/** Who may call a route: every route declares one (the guard refuses routes that do not). */
export type AccessRule =
  | { public: true }
  /** A service outside any account (the mail provider) holding a shared secret of the deployment. */
  | { public?: false; via: 'provider' }
  | {
      public?: false;
      /** `session`: dashboard users only; `key`: API keys only; `any`: either. */
      via: 'any' | 'session' | 'key';
      /** Scope an API key needs (`admin` includes all); sessions are not scoped. */
      scope?: Scope;
      /** Role a session needs; API keys are not subject to roles. */
      role?: Role;
      /** The 403 reason for a session without the role (default `owner_only`). */
      roleReason?: 'owner_only' | 'secrets_owner_only';
      /** `test`: test-mode keys only; a live key is answered 404 as if nothing were there (test clocks). */
      mode?: 'test';
    };

export { ACCESS_RULE, Public };

/**
 * Declares who may call a route, and documents it in OpenAPI: the security schemes, the scope
 * (`x-required-scope`), the role and the 401/403/429 answers.
 */
export function Access(rule: Exclude<AccessRule, { public: true } | { via: 'provider' }>) {
  const security =
    rule.via === 'session'
      ? [ApiCookieAuth('session')]
      : rule.via === 'key'
        ? [ApiBearerAuth('api_key')]
        : [ApiBearerAuth('api_key'), ApiCookieAuth('session')];
  const who = [
    rule.via === 'session'
      ? 'Session only (API keys get 403).'
      : rule.via === 'key'
        ? 'API key only (sessions get 403).'
        : 'Session or API key.',
    rule.scope === 'admin'
      ? 'Keys need scope `admin`.'
      : rule.scope
        ? `Keys need scope \`${rule.scope}\` or \`admin\`.`
        : undefined,
    rule.role === 'owner'
      ? `Sessions must be the account owner${rule.roleReason ? ` (other members: 403 ${rule.roleReason})` : ''}.`
      : undefined,
    rule.mode === 'test' ? 'Test keys only: a live key gets 404 not_found.' : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  return applyDecorators(
    SetMetadata(ACCESS_RULE, rule),
    ...security,
    ApiExtension('x-access', {
      via: rule.via,
      scope: rule.scope ?? null,
      role: rule.role ?? null,
      ...(rule.roleReason ? { role_reason: rule.roleReason } : {}),
      ...(rule.mode ? { mode: rule.mode } : {}),
      description: who,
    }),
    ...(rule.scope ? [ApiExtension('x-required-scope', rule.scope)] : []),
    ...(rule.via !== 'key'
      ? [
          ApiHeader({
            name: 'X-CSRF-Token',
            required: false,
            description: 'with a session cookie on unsafe methods: equal to the csrf_token cookie',
          }),
        ]
      : []),
    ApiUnauthorizedResponse({ type: ApiError, description: 'missing, malformed, unknown or revoked credentials' }),
    ApiForbiddenResponse({
      type: ApiError,
      description: `${who} reason csrf when the CSRF token is missing or wrong.`,
    }),
    ApiTooManyRequestsResponse({
      type: ApiError,
      description: 'hourly request limit of the plan reached; Retry-After',
    }),
  );
}

/**
 * The mail provider's route (POST /v1/provider/mail-events): the shared secret MAIL_EVENTS_SECRET
 * as a bearer token (or as the password of Basic authentication, which is what an Amazon SNS
 * HTTPS subscription can send); no account, no request limit, no CSRF. Documented as its own
 * security scheme, `mail_events`, and `x-access: {via: 'provider'}`.
 */
export function ProviderAccess() {
  const description =
    'The mail provider only: Authorization: Bearer <MAIL_EVENTS_SECRET>, or Basic with it as the password. 503 mail_events_disabled while MAIL_EVENTS_SECRET is unset.';
  return applyDecorators(
    SetMetadata(ACCESS_RULE, { via: 'provider' } satisfies AccessRule),
    ApiBearerAuth('mail_events'),
    ApiExtension('x-access', { via: 'provider', secret: 'MAIL_EVENTS_SECRET', description }),
    ApiUnauthorizedResponse({ type: ApiError, description: 'a missing or wrong shared secret' }),
  );
}

export interface AuthenticatedRequest extends FastifyRequest {
  principal?: Principal;
  sessionToken?: string;
}

/** The caller, as the guard established it. */
export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route without authentication');
  return principal;
});

/** IP and request id for the audit log. */
export const Meta = createParamDecorator((_: unknown, context: ExecutionContext): RequestMeta => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  return { ip: request.ip ?? null, requestId: String(request.id) };
});
