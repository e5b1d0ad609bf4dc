import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AcceptInvitation, GetMe, LogIn, LogOut, SESSION_LIFETIME_SECONDS, SignUp } from '@intake/application-accounts';
import { RequestMeta } from '@intake/kernel';
import { Principal } from '@intake/domain-accounts';
import { APP_CONFIG, AppConfig } from '@intake/config';
import { DomainError } from '@intake/errors';
import { ApiError, ApiErrors } from '@intake/http';
import { Access, AuthenticatedRequest, CurrentPrincipal, Meta, Public } from './access';
import { AcceptInvitationRequest, LogInRequest, MeResponse, SignUpRequest, UserAndAccount } from './accounts.dto';
import { CSRF_COOKIE, SESSION_COOKIE } from './auth.guard';
import { accountView, userView } from './views';

@ApiTags('auth')
@Controller('v1/auth')
export class AuthController {
  constructor(
    private readonly signUps: SignUp,
    private readonly logIns: LogIn,
    private readonly logOuts: LogOut,
    private readonly getMe: GetMe,
    private readonly acceptInvitations: AcceptInvitation,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('signup')
  @Public()
  @ApiOperation({
    summary: 'Create an account and its owner (plan Free).',
    description:
      'For people signing up in the dashboard, not for agents: an agent works with an API key a person created. Creates the account on the Free plan and its owner user; it does not sign in (call POST /v1/auth/login next). 409 reason email_taken when the address already has an account; 403 reason signup_disabled when the service runs with SIGNUP=disabled. Public: no credentials, not counted against any request limit. Audited.',
  })
  @ApiCreatedResponse({ type: UserAndAccount })
  @ApiConflictResponse({ type: ApiError, description: 'reason email_taken' })
  @ApiErrors({ error: 'forbidden', reason: 'signup_disabled' }, { error: 'conflict', reason: 'email_taken' })
  async signUp(@Body() body: SignUpRequest, @Meta() meta: RequestMeta): Promise<UserAndAccount> {
    if (!this.config.signup)
      throw new DomainError('forbidden', 'Sign-up is disabled on this service.', { reason: 'signup_disabled' });
    const { user, account } = await this.signUps.execute({ ...body, meta });
    return { user: userView(user), account: accountView(account) };
  }

  @Post('login')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    summary: 'Sign in to the dashboard: sets the session and CSRF cookies.',
    description:
      'Dashboard sign-in with e-mail and password: sets the sid (HttpOnly) and csrf_token cookies; a cookie-authenticated change must then send X-CSRF-Token equal to csrf_token. API clients and agents use an API key instead. 401 on wrong credentials. 429 reason login_throttled, with Retry-After, after repeated failures for this e-mail address from this client address (5, then waits from 1 minute doubling up to an hour) or from this client address (50, across e-mail addresses); failures from other addresses never stop this one. Decided before the password is checked, alike for unknown addresses.',
  })
  @ApiOkResponse({ type: UserAndAccount })
  @ApiErrors({ error: 'unauthorized' }, { error: 'rate_limited', reason: 'login_throttled' })
  async logIn(
    @Body() body: LogInRequest,
    @Meta() meta: RequestMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserAndAccount> {
    const session = await this.logIns.execute({ email: body.email, password: body.password, meta });
    const common = { ...this.cookieAttributes(), maxAge: SESSION_LIFETIME_SECONDS };
    void reply.setCookie(SESSION_COOKIE, session.sessionToken, { ...common, httpOnly: true });
    void reply.setCookie(CSRF_COOKIE, session.csrfToken, { ...common, httpOnly: false });
    return { user: userView(session.user), account: accountView(session.account) };
  }

  @Post('logout')
  @HttpCode(204)
  @Access({ via: 'session' })
  @ApiOperation({
    summary: 'Sign out: revoke the session and clear its cookies.',
    description:
      'Ends the dashboard session making the request (other sessions of the same user stay) and clears the sid and csrf_token cookies. Sessions only; an API key is revoked with DELETE /v1/keys/current instead. Audited.',
  })
  @ApiNoContentResponse()
  async logOut(
    @CurrentPrincipal() principal: Principal,
    @Req() request: AuthenticatedRequest,
    @Meta() meta: RequestMeta,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    if (principal.kind !== 'session' || !request.sessionToken) return;
    await this.logOuts.execute({ principal, sessionToken: request.sessionToken, meta });
    void reply.clearCookie(SESSION_COOKIE, { ...this.cookieAttributes(), httpOnly: true });
    void reply.clearCookie(CSRF_COOKIE, this.cookieAttributes());
  }

  /**
   * Secure whenever the api is reached over https (PUBLIC_BASE_URL), so the session never crosses
   * plain http; over http (a development machine) a Secure cookie would never be sent back.
   */
  private cookieAttributes() {
    return { path: '/', sameSite: 'lax' as const, secure: this.config.https };
  }

  @Get('me')
  @Access({ via: 'session' })
  @ApiOperation({
    summary: 'The signed-in user, their account and role.',
    description:
      'Who the dashboard session belongs to: the user, the account (settings, plan) and the role (owner or member), which decides the owner-only operations. Sessions only; with an API key use GET /v1/account. Read-only.',
  })
  @ApiOkResponse({ type: MeResponse })
  async me(@CurrentPrincipal() principal: Principal): Promise<MeResponse> {
    if (principal.kind !== 'session') throw new DomainError('forbidden', 'Session only.', { reason: 'session_only' });
    const { user, account } = await this.getMe.execute(principal);
    return { user: userView(user), account: accountView(account), role: user.role };
  }

  @Post('accept-invitation')
  @Public()
  @ApiOperation({
    summary: 'Join an account as a member from an invitation link.',
    description:
      'Creates the member user from the token of an invitation e-mail (POST /v1/team/invitations) and its password; sign in with POST /v1/auth/login afterwards. 400 reason invitation_invalid for an unknown, used or expired token; after 10 of those from one client address, 429 reason invitation_throttled with Retry-After (from 1 minute, doubling up to an hour). 409 email_taken when the address has an account meanwhile. Public. Audited.',
  })
  @ApiCreatedResponse({ type: UserAndAccount })
  @ApiErrors(
    { error: 'invalid_request', reason: 'invitation_invalid' },
    { error: 'conflict', reason: 'email_taken' },
    { error: 'rate_limited', reason: 'invitation_throttled' },
  )
  async acceptInvitation(@Body() body: AcceptInvitationRequest, @Meta() meta: RequestMeta): Promise<UserAndAccount> {
    const { user, account } = await this.acceptInvitations.execute({ ...body, meta });
    return { user: userView(user), account: accountView(account) };
  }
}
