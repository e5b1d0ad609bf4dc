import { CanActivate, ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import {
  AuthenticateApiKey,
  type Authenticated,
  AuthenticateSession,
  CountRequest,
} from '@intake/application-accounts';
import { hasScope } from '@intake/domain-accounts';
import { APP_CONFIG, AppConfig } from '@intake/config';
import { DomainError, type ErrorReason, notFound } from '@intake/errors';
import { ACCESS_RULE, AccessRule, AuthenticatedRequest } from './access';
import { csrfTokenMatches } from './csrf-token';
import { presentedSecret, sameSecret } from './provider-secret';

// Named at the HTTP edge, which keeps any request bearing the session cookie from being cached.
import { CSRF_COOKIE, SESSION_COOKIE } from '@intake/http';
export { CSRF_COOKIE, SESSION_COOKIE };
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const unauthorized = (message: string) => new DomainError('unauthorized', message);
const forbidden = (message: string, reason?: ErrorReason<'forbidden'>) =>
  new DomainError('forbidden', message, { reason });

/**
 * The one place that decides authentication and authorisation: bearer key or session cookie (or
 * the mail provider's shared secret), scope, role, session-only and key-only routes, the CSRF
 * double-submit check, and the account's hourly request limit with its X-RateLimit-* headers.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  private readonly logger = new Logger('AuthGuard');

  constructor(
    private readonly reflector: Reflector,
    private readonly authenticateApiKey: AuthenticateApiKey,
    private readonly authenticateSession: AuthenticateSession,
    private readonly countRequest: CountRequest,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!rule) {
      // Fail closed: a route that forgot to say who may call it is called by nobody.
      this.logger.error(`route ${context.getClass().name}.${context.getHandler().name} declares no access rule`);
      throw forbidden('This route is not available.');
    }
    if (rule.public) return true;

    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    if (rule.via === 'provider') return this.authenticateProvider(request, reply);
    const { principal, plan } = await this.authenticate(request).catch((error: unknown) => {
      // RFC 6750: a 401 of a route that takes a bearer key names the scheme (MCP clients rely on it).
      if (rule.via !== 'session' && error instanceof DomainError && error.code === 'unauthorized')
        void reply.header('www-authenticate', 'Bearer realm="api"');
      throw error;
    });

    if (rule.via === 'session' && principal.kind !== 'session') {
      throw forbidden('This operation needs a signed-in dashboard session; API keys cannot call it.', 'session_only');
    }
    if (rule.via === 'key' && principal.kind !== 'api_key') {
      throw forbidden('This operation needs an API key; dashboard sessions cannot call it.', 'key_only');
    }
    if (principal.kind === 'session' && !SAFE_METHODS.has(request.method)) {
      if (!csrfTokenMatches(request.cookies?.[CSRF_COOKIE], request.headers['x-csrf-token'])) {
        throw forbidden('The X-CSRF-Token header must equal the csrf_token cookie.', 'csrf');
      }
    }

    // Every authenticated request counts, including those refused below for scope or role.
    const limit = await this.countRequest.execute(principal.accountId, plan);
    void reply.header('x-ratelimit-limit', String(limit.limit));
    void reply.header('x-ratelimit-remaining', String(limit.remaining));
    void reply.header('x-ratelimit-reset', String(Math.floor(limit.resetAt.getTime() / 1000)));
    if (!limit.allowed && this.config.rateLimitMode === 'enforce') {
      throw new DomainError(
        'rate_limited',
        `The ${plan.name} plan allows ${plan.requests_per_hour} requests per hour; retry in ${limit.resetSeconds} seconds.`,
        {
          reason: 'hourly_limit',
          params: { limit: plan.requests_per_hour, plan: plan.id },
          retryAfterSeconds: limit.resetSeconds,
        },
      );
    }

    if (rule.scope && principal.kind === 'api_key' && !hasScope(principal.scopes, rule.scope)) {
      throw forbidden(`This API key lacks the ${rule.scope} scope.`, 'missing_scope');
    }
    if (rule.role === 'owner' && principal.kind === 'session' && principal.role !== 'owner') {
      throw rule.roleReason === 'secrets_owner_only'
        ? forbidden('Only the account owner may read secrets.', 'secrets_owner_only')
        : forbidden('Only the account owner may do this.', 'owner_only');
    }
    if (rule.mode === 'test' && (principal.kind !== 'api_key' || principal.mode !== 'test')) {
      // Before the body is read: for a live key the route's resources (test clocks, the only ones) do not exist.
      throw notFound('Test clock');
    }
    request.principal = principal;
    return true;
  }

  /** The mail provider's shared secret (MAIL_EVENTS_SECRET); the route is off while it is unset. */
  private authenticateProvider(request: AuthenticatedRequest, reply: FastifyReply): true {
    const secret = this.config.mailEventsSecret;
    if (!secret) {
      throw new DomainError(
        'service_unavailable',
        'Mail provider events are not configured: MAIL_EVENTS_SECRET is unset.',
        {
          reason: 'mail_events_disabled',
        },
      );
    }
    const presented = presentedSecret(request.headers.authorization);
    if (presented === undefined || !sameSecret(presented, secret)) {
      // Amazon SNS sends Basic credentials only after a challenge.
      void reply.header('www-authenticate', 'Basic realm="mail-events"');
      throw unauthorized('The mail provider must send Authorization: Bearer <MAIL_EVENTS_SECRET>.');
    }
    return true;
  }

  private async authenticate(request: AuthenticatedRequest): Promise<Authenticated> {
    const header = request.headers.authorization;
    if (header !== undefined) {
      const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
      if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <API key>".');
      const found = await this.authenticateApiKey.execute(match[1]);
      if (!found) throw unauthorized('The API key is unknown or revoked.');
      return found;
    }
    const sessionToken = request.cookies?.[SESSION_COOKIE];
    if (sessionToken) {
      const found = await this.authenticateSession.execute(sessionToken);
      if (!found) throw unauthorized('The session has expired or was signed out; sign in again.');
      request.sessionToken = sessionToken;
      return found;
    }
    throw unauthorized('Authentication is required: an API key (Authorization: Bearer …) or a session.');
  }
}
