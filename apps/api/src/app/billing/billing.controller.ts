import { Body, Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBody,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApplyPaymentEvent, OpenBillingPortal, StartCheckout } from '@intake/application-accounts';
import { type Principal } from '@intake/domain-accounts';
import { DomainError } from '@intake/errors';
import { ApiErrors, rawBodyOf } from '@intake/http';
import { type RequestMeta } from '@intake/kernel';
import { Access, CurrentPrincipal, Meta, Public } from '../accounts/access';
import {
  BillingSessionResponse,
  CheckoutCreditsRequest,
  CheckoutPlanRequest,
  CheckoutRequest,
  PaymentEventResponse,
  StripeEventRequest,
} from './billing.dto';

const notConfigured = { error: 'service_unavailable', reason: 'billing_not_configured' } as const;

function ownerSession(principal: Principal): Extract<Principal, { kind: 'session' }> {
  // The access rule admits only the owner's session; this narrows the type.
  if (principal.kind !== 'session')
    throw new DomainError('forbidden', 'A dashboard session is needed.', { reason: 'session_only' });
  return principal;
}

@ApiTags('billing')
@Controller()
export class BillingController {
  constructor(
    private readonly startCheckout: StartCheckout,
    private readonly openPortal: OpenBillingPortal,
    private readonly applyPaymentEvent: ApplyPaymentEvent,
  ) {}

  @Post('v1/billing/checkout')
  @HttpCode(200)
  @Access({ via: 'session', role: 'owner' })
  @ApiOperation({
    summary: 'A hosted checkout of the payment provider: a paid plan (subscription) or an SMS credit pack.',
    description:
      'The owner’s session only (members and API keys: 403). The account is linked to one provider customer, created on first use. The plan or the credits change only when the provider’s signed event arrives (POST /v1/provider/payments). A plan checkout while a subscription is active: 400 already_subscribed (use the portal). Audited as billing.checkout_created.',
  })
  @ApiExtraModels(CheckoutPlanRequest, CheckoutCreditsRequest)
  @ApiBody({
    schema: { oneOf: [{ $ref: getSchemaPath(CheckoutPlanRequest) }, { $ref: getSchemaPath(CheckoutCreditsRequest) }] },
  })
  @ApiOkResponse({ type: BillingSessionResponse })
  @ApiErrors(
    { error: 'unprocessable', reason: 'validation_failed' },
    { error: 'invalid_request', reason: 'already_subscribed' },
    { error: 'plan_required', reason: 'sms' },
    notConfigured,
  )
  checkout(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CheckoutRequest,
    @Meta() meta: RequestMeta,
  ): Promise<BillingSessionResponse> {
    const session = ownerSession(principal);
    if ((body.plan === undefined) === (body.sms_credits === undefined)) {
      const message = 'give exactly one of plan and sms_credits';
      throw new DomainError('unprocessable', 'Give a plan or an SMS credit pack.', {
        reason: 'validation_failed',
        details: [
          { path: 'plan', message },
          { path: 'sms_credits', message },
        ],
      });
    }
    return body.plan !== undefined
      ? this.startCheckout.execute({ principal: session, meta, plan: body.plan })
      : this.startCheckout.execute({
          principal: session,
          meta,
          smsCredits: body.sms_credits as NonNullable<CheckoutRequest['sms_credits']>,
        });
  }

  @Post('v1/billing/portal')
  @HttpCode(200)
  @Access({ via: 'session', role: 'owner' })
  @ApiOperation({
    summary: 'The payment provider’s customer portal: change or cancel the plan, payment methods, invoices.',
    description: 'The owner’s session only (members and API keys: 403). Audited as billing.portal_opened.',
  })
  @ApiOkResponse({ type: BillingSessionResponse })
  @ApiErrors(notConfigured)
  portal(@CurrentPrincipal() principal: Principal, @Meta() meta: RequestMeta): Promise<BillingSessionResponse> {
    return this.openPortal.execute({ principal: ownerSession(principal), meta });
  }

  @Post('v1/provider/payments')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    summary: 'The payment provider’s events (Stripe webhook): plan changes and bought SMS credits.',
    description:
      'No account credentials: the Stripe-Signature header, verified over the exact body with STRIPE_WEBHOOK_SECRET and a tolerance (STRIPE_WEBHOOK_TOLERANCE_SECONDS), is the credential; forged, stale or missing: 400 payment_signature and nothing changes. checkout.session.completed (a paid credit pack adds its SMS credits), customer.subscription.created/updated/deleted (the plan follows the subscription’s price and status; events of one subscription apply newest first, an ended subscription stays ended), invoice.payment_failed (starts a 14-day grace period, then Free) and invoice.paid (ends it). Each event id applies once. Plan changes are audited (account.plan_changed) and emit no webhook.',
    security: [],
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: 't=<unix seconds>,v1=<hex HMAC-SHA256>' })
  @ApiBody({ type: StripeEventRequest, description: 'a Stripe event, exactly as Stripe sends it' })
  @ApiOkResponse({ type: PaymentEventResponse })
  @ApiErrors({ error: 'invalid_request', reason: 'payment_signature' }, notConfigured)
  async payments(
    @Req() request: FastifyRequest,
    @Headers('stripe-signature') signature: string | undefined,
    @Meta() meta: RequestMeta,
  ): Promise<PaymentEventResponse> {
    const raw = rawBodyOf(request) ?? Buffer.alloc(0);
    return { outcome: await this.applyPaymentEvent.execute(raw, signature, meta) };
  }
}
