import { ApiProperty } from '@nestjs/swagger';
import { PAID_PLAN_IDS, type PaidPlanId, SMS_PACKS, type SmsPack } from '@intake/domain-accounts';
import { OptionalOneOf } from '../validation';

/** POST /v1/billing/checkout: exactly one of `plan` and `sms_credits`. */
export class CheckoutRequest {
  @OptionalOneOf(PAID_PLAN_IDS, {
    enum: PAID_PLAN_IDS,
    example: 'solo',
    description: 'a paid plan: a monthly subscription (give this or sms_credits, not both)',
  })
  plan?: PaidPlanId;

  @OptionalOneOf(SMS_PACKS, {
    enum: SMS_PACKS,
    type: Number,
    description:
      'an SMS credit pack: a one-time payment; needs a plan with SMS (402 plan_required). Bought credits are spent after the plan’s monthly SMS and kept across months.',
  })
  sms_credits?: SmsPack;
}

/** The documented body: exactly one of the two (CheckoutRequest validates it). */
export class CheckoutPlanRequest {
  @ApiProperty({ enum: PAID_PLAN_IDS, example: 'solo', description: 'a paid plan: a monthly subscription' })
  plan!: PaidPlanId;
}

export class CheckoutCreditsRequest {
  @ApiProperty({
    enum: SMS_PACKS,
    type: Number,
    example: 500,
    description: 'an SMS credit pack (one-time payment); needs a plan with SMS (402 plan_required)',
  })
  sms_credits!: SmsPack;
}

export class BillingSessionResponse {
  @ApiProperty({
    example: 'https://checkout.stripe.com/c/pay/cs_test_a1b2c3',
    description: 'the payment provider’s hosted page to send the owner to',
  })
  url!: string;
}

export class PaymentEventResponse {
  @ApiProperty({
    enum: ['applied', 'duplicate', 'stale', 'ignored'],
    description:
      'applied; duplicate (this event id was applied before: nothing changed); stale (an older state of the subscription than the one recorded); ignored (an event type or customer billing does not act on)',
  })
  outcome!: string;
}

class StripeEventData {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'the Stripe object the event is about (a checkout session, a subscription, an invoice)',
  })
  object!: Record<string, unknown>;
}

/** The envelope of a Stripe event (documentation only: the signed raw body is what is read). */
export class StripeEventRequest {
  @ApiProperty({ example: 'evt_1NqB2c2eZvKYlo2C', description: 'the event id: each applies once' }) id!: string;
  @ApiProperty({ example: 'event' }) object!: string;
  @ApiProperty({ example: 'customer.subscription.updated' }) type!: string;
  @ApiProperty({ example: 1_764_000_000, description: 'Unix seconds; orders the events of one subscription' })
  created!: number;
  @ApiProperty({ type: StripeEventData }) data!: StripeEventData;
}
