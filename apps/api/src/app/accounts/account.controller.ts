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
  @ApiOperation({ summary: 'The account’s settings and its current plan (tier, limits, features, quotas).' })
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
    summary:
      'Change account settings (owner only): name, default language and time zone, sender name, default branding (display name, accent colour, logo; 422 naming the field when a colour is too light or a logo is not https), which e-mails about intakes the owner (and with notify_members every member) gets, and whether clients are thanked when an intake completes (send_thank_you). At least one field, else 400 invalid_request.',
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
  @ApiOperation({ summary: 'Usage in the current period (UTC month) against the plan’s quotas.' })
  @ApiOkResponse({ type: UsageResponse })
  usage(@CurrentPrincipal() principal: Principal): Promise<UsageResponse> {
    return this.getUsage.execute(principal.accountId);
  }

  @Get('v1/audit')
  @Access({ via: 'any', scope: 'admin' })
  @ApiOperation({ summary: 'The audit log, newest first; filter by action, actor (usr_… or key_…) and target id.' })
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
    summary:
      'The plans: monthly price, hourly request limits, polling intervals, features and quotas; the SMS credit packs.',
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
