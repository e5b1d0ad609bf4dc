import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '@intake/http';
import { BillingSettings, GetAccount, GetUsage, ListAuditEntries, UpdateAccount } from '@intake/application-accounts';
import { RequestMeta } from '@intake/kernel';
import { type PaidPlanId, PLANS, Principal, SMS_PACKS } from '@intake/domain-accounts';
import { Access, CurrentPrincipal, Meta, Public } from './access';
import {
  AccountOnly,
  AccountResponse,
  AuditPage,
  AuditQuery,
  PricingResponse,
  UpdateAccountRequest,
  UsageResponse,
} from './accounts.dto';
import { accountView, auditEntryView } from './views';

@ApiTags('account')
@Controller()
export class AccountController {
  constructor(
    private readonly getAccount: GetAccount,
    private readonly updateAccount: UpdateAccount,
    private readonly getUsage: GetUsage,
    private readonly listAuditEntries: ListAuditEntries,
    private readonly billing: BillingSettings,
  ) {}

  @Get('v1/account')
  @Access({ via: 'any' })
  @ApiOperation({
    summary: 'The account’s settings and its current plan.',
    description:
      'Account name, default language and time zone, sender name, default branding, notification and thank-you settings, and the plan with its tier, hourly request limit, recommended polling interval, features (revisions, sms) and quotas. Read it to know what the account may do before calling a plan-gated operation; current consumption is GET /v1/usage. Any key or session. Read-only.',
  })
  @ApiOkResponse({ type: AccountResponse })
  async get(@CurrentPrincipal() principal: Principal): Promise<AccountResponse> {
    const { account, plan } = await this.getAccount.execute(principal.accountId);
    const apiKey =
      principal.kind === 'api_key' ? { id: principal.keyId, mode: principal.mode, scopes: principal.scopes } : null;
    return { account: accountView(account), plan, api_key: apiKey };
  }

  @Patch('v1/account')
  @Access({ via: 'any', role: 'owner', scope: 'admin' })
  @ApiOperation({
    summary: 'Change the account’s settings (owner only).',
    description:
      'Name, default language and time zone, sender name, default branding (display name, accent colour, logo; 422 naming the field when a colour is too light or a logo is not https), which e-mails about intakes the owner (and with notify_members every member) gets, and whether clients are thanked when an intake completes (send_thank_you). Affects later e-mails of every intake that does not set its own. At least one field, else 400 invalid_request reason no_fields. The owner’s session or a key with scope admin. Audited.',
  })
  @ApiOkResponse({ type: AccountOnly })
  @ApiErrors({ error: 'invalid_request', reason: 'no_fields' })
  async update(
    @CurrentPrincipal() principal: Principal,
    @Body() body: UpdateAccountRequest,
    @Meta() meta: RequestMeta,
  ): Promise<AccountOnly> {
    return { account: accountView(await this.updateAccount.execute({ principal, patch: body, meta })) };
  }

  @Get('v1/usage')
  @Access({ via: 'any' })
  @ApiOperation({
    summary: 'Usage in the current period (UTC month) against the plan’s quotas.',
    description:
      'Intakes created, storage bytes held and SMS messages sent this month, each with the plan’s limit: check it before creating intakes or uploading in bulk, since a used-up quota is 402 quota_exceeded. Not the hourly request limit: every answer reports that in X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset. Any key or session. Read-only.',
  })
  @ApiOkResponse({ type: UsageResponse })
  usage(@CurrentPrincipal() principal: Principal): Promise<UsageResponse> {
    return this.getUsage.execute(principal.accountId);
  }

  @Get('v1/audit')
  @Access({ via: 'any', scope: 'admin' })
  @ApiOperation({
    summary: 'The audit log, newest first.',
    description:
      'Who did what on the account: API and dashboard actions with actor (usr_… or key_…), action, target and time; filter by action, actor and target id, page with limit and offset. Sessions, or keys with scope admin. Read-only.',
  })
  @ApiOkResponse({ type: AuditPage })
  async audit(@CurrentPrincipal() principal: Principal, @Query() query: AuditQuery): Promise<AuditPage> {
    const limit = query.limit ?? 20;
    const offset = query.offset ?? 0;
    const { entries, total } = await this.listAuditEntries.execute({
      accountId: principal.accountId,
      filter: { action: query.action, actor: query.actor, target: query.target },
      limit,
      offset,
    });
    return { entries: entries.map(auditEntryView), total, limit, offset };
  }

  @Get('pricing.json')
  @Public()
  @ApiOperation({
    summary: 'The plans and SMS credit packs (public).',
    description:
      'Machine-readable pricing: each plan’s monthly price, hourly request limit, recommended polling interval, features and quotas, and the SMS credit packs on sale. Use it to tell how often to poll and which plan a feature needs. Public: no credentials, not counted against any request limit, no side effects.',
    security: [],
  })
  @ApiOkResponse({ type: PricingResponse })
  pricing(): PricingResponse {
    const { monthly, currency } = this.billing.prices;
    return {
      plans: Object.values(PLANS).map((plan) => ({
        ...plan,
        monthly_price: { amount: plan.id === 'free' ? 0 : monthly[plan.id as PaidPlanId], currency },
      })),
      sms_credit_packs: [...SMS_PACKS],
    };
  }
}
