import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/*
 * The body of POST /v1/provider/mail-events, for the document only: the endpoint reads the
 * provider's notification itself (`readProviderBody` in @intake/domain-bounce), so that the many
 * fields SES sends and the endpoint does not need are ignored rather than refused.
 */

const BOUNCE_TYPES = ['Permanent', 'Transient', 'Undetermined'] as const;

export class SesRecipient {
  @ApiProperty({ example: 'client@example.com' }) emailAddress!: string;
}

export class SesCommonHeaders {
  @ApiPropertyOptional({
    description: 'the Message-ID header as the service set it (SES sends it with "include original headers")',
    example: '<9f1c2e4a-1b2c-4d5e-8f90-123456789abc@intake.example>',
  })
  messageId?: string;
}

export class SesMail {
  @ApiProperty({
    description: 'the provider’s id of the message; matched, like commonHeaders.messageId, with or without <>',
    example: '0100018f7a1b2c3d-5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9-000000',
  })
  messageId!: string;

  @ApiPropertyOptional({ type: SesCommonHeaders }) commonHeaders?: SesCommonHeaders;
}

export class SesBounce {
  @ApiProperty({ enum: BOUNCE_TYPES, example: 'Permanent' }) bounceType!: (typeof BOUNCE_TYPES)[number];
  @ApiProperty({ type: [SesRecipient] }) bouncedRecipients!: SesRecipient[];
  @ApiProperty({ type: String, format: 'date-time', example: '2026-11-25T09:00:04.000Z' }) timestamp!: string;
}

export class SesComplaint {
  @ApiProperty({ type: [SesRecipient] }) complainedRecipients!: SesRecipient[];
  @ApiProperty({ type: String, format: 'date-time', example: '2026-11-25T10:12:00.000Z' }) timestamp!: string;
}

export class SesDelivery {
  @ApiProperty({ type: [String], example: ['client@example.com'] }) recipients!: string[];
  @ApiProperty({ type: String, format: 'date-time', example: '2026-11-25T09:00:02.000Z' }) timestamp!: string;
}

export class SesNotificationRequest {
  @ApiProperty({ enum: ['Bounce', 'Complaint', 'Delivery'], example: 'Bounce' })
  notificationType!: 'Bounce' | 'Complaint' | 'Delivery';

  @ApiProperty({ type: SesMail }) mail!: SesMail;
  @ApiPropertyOptional({ type: SesBounce, description: 'with notificationType Bounce' }) bounce?: SesBounce;
  @ApiPropertyOptional({ type: SesComplaint, description: 'with notificationType Complaint' })
  complaint?: SesComplaint;

  @ApiPropertyOptional({ type: SesDelivery, description: 'with notificationType Delivery' }) delivery?: SesDelivery;
}

export class SnsEnvelopeRequest {
  @ApiProperty({
    enum: ['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation'],
    example: 'Notification',
    description: 'a subscription handshake is acknowledged and logged with its SubscribeURL for the operator',
  })
  Type!: 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';

  @ApiProperty({ description: 'the SES notification as a JSON text', example: '{"notificationType":"Bounce",…}' })
  Message!: string;

  @ApiPropertyOptional({ example: 'arn:aws:sns:eu-west-1:123456789012:ses-events' }) TopicArn?: string;
  @ApiPropertyOptional({ description: 'with a SubscriptionConfirmation' }) SubscribeURL?: string;
}

export class MailEventsResponse {
  @ApiProperty({
    enum: ['applied', 'duplicate', 'unknown_message', 'handshake'],
    example: 'applied',
    description:
      'applied; duplicate (every report was applied before: nothing changed); unknown_message (no chase went out with that id: ignored and logged); handshake (an SNS subscription message: logged)',
  })
  outcome!: 'applied' | 'duplicate' | 'unknown_message' | 'handshake';

  @ApiProperty({ type: 'integer', example: 1, description: 'reports applied now, one per recipient' }) applied!: number;
  @ApiProperty({ type: 'integer', example: 0, description: 'reports already applied before' }) duplicates!: number;
}
