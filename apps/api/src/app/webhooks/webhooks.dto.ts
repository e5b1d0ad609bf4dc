import { ApiProperty } from '@nestjs/swagger';
import { IsArray } from 'class-validator';
import { DELIVERY_STATUSES, type DeliveryStatus } from '@intake/application-webhooks';
import {
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENTS,
  WEBHOOK_FORMATS,
  type WebhookEvent,
  type WebhookFormat,
} from '@intake/domain-webhooks';
import { type Mode, MODES } from '@intake/domain-kernel';
import { OptionalOneOf, RequiredText } from '../validation';

const ENDPOINT_ID = 'whe_Vb3kQ9zL0mX2pR7sT4wY1u';
const DELIVERY_ID = 'whd_Hq8nC2vJ5dK1xZ6mP0rW3t';

// ---- requests ----

export class RegisterWebhookRequest {
  @RequiredText(
    {
      format: 'uri',
      example: 'https://hooks.example.com/intake',
      description:
        'trimmed; http or https; port 80, 443 or 1024 to 65535; no user name or password; not a loopback, private, link-local or other internal address (checked again, resolved, before every delivery)',
    },
    { max: MAX_WEBHOOK_URL_LENGTH, trim: true },
  )
  url!: string;

  @ApiProperty({
    type: 'array',
    items: { type: 'string', enum: [...WEBHOOK_EVENTS] },
    minItems: 1,
    maxItems: WEBHOOK_EVENTS.length,
    uniqueItems: true,
    example: ['item.submitted', 'intake.completed'],
    description: 'the events to receive: any of the seven, each once; another name is 422 naming events[i]',
  })
  @IsArray()
  events!: string[];

  @OptionalOneOf(WEBHOOK_FORMATS, {
    enum: [...WEBHOOK_FORMATS],
    default: 'raw',
    example: 'raw',
    description: 'raw: the JSON payload; slack, discord: a ready-made chat message for an incoming webhook',
  })
  format?: WebhookFormat;

  @OptionalOneOf(MODES, {
    enum: [...MODES],
    default: 'live',
    example: 'test',
    description:
      'the intakes whose events it receives: live or test ones (test intakes’ events go to test endpoints only). A session chooses (live by default); an API key’s endpoint has the key’s mode, and naming the other mode is 422 on mode',
  })
  mode?: Mode;
}

// ---- responses ----

export class WebhookEndpointView {
  @ApiProperty({ example: ENDPOINT_ID }) id!: string;
  @ApiProperty({
    example: 'https://hooks.example.com/intake',
    description: 'in full for raw endpoints; the origin only for slack and discord (their path is a credential)',
  })
  url!: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true, example: ['item.submitted', 'intake.completed'] })
  events!: WebhookEvent[];
  @ApiProperty({ enum: WEBHOOK_FORMATS, example: 'raw' }) format!: WebhookFormat;
  @ApiProperty({ example: true, description: 'false for good once the receiver answered 410 Gone' }) active!: boolean;
  @ApiProperty({ example: '2026-11-23T09:14:07.000Z' }) created_at!: string;
  @ApiProperty({
    enum: MODES,
    example: 'live',
    description: 'live: receives the events of live intakes; test: of test intakes only',
  })
  mode!: Mode;
}

export class CreatedWebhookResponse extends WebhookEndpointView {
  @ApiProperty({
    example: 'whsec_q3Zr8tV1nB6mK0xW5cY2hJ9dL4pF7sA0gE3uR6iO1wT',
    description:
      'the signing secret (HMAC-SHA256 key of X-Service-Signature: its UTF-8 bytes, whsec_ included). Shown this once; store it now',
  })
  secret!: string;
}

export class WebhookListResponse {
  @ApiProperty({
    type: [WebhookEndpointView],
    description: 'oldest first: an API key’s of its own mode, a session’s of both modes (see each one’s mode)',
  })
  webhooks!: WebhookEndpointView[];
}

export class DeliveryView {
  @ApiProperty({ example: DELIVERY_ID }) id!: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, example: 'item.submitted' }) event!: WebhookEvent;
  @ApiProperty({
    enum: DELIVERY_STATUSES,
    example: 'failed',
    description: 'pending (queued or retrying), delivered (a 2xx answer), failed (attempts used up, or a 410)',
  })
  status!: DeliveryStatus;
  @ApiProperty({ type: 'integer', example: 6, description: 'attempts made so far; never reset' })
  attempts!: number;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: 500,
    description: 'the last answer’s status; null when none came',
  })
  response_code!: number | null;
  @ApiProperty({ type: String, nullable: true, example: 'the receiver answered HTTP 500' })
  error!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'when the next attempt is due' })
  next_retry_at!: string | null;
  @ApiProperty({ example: '2026-11-23T09:20:31.000Z' }) created_at!: string;
  @ApiProperty({ type: String, nullable: true, example: null }) delivered_at!: string | null;
}

export class DeliveryListResponse {
  @ApiProperty({ example: ENDPOINT_ID, description: 'the endpoint these deliveries were sent to' })
  endpoint_id!: string;
  @ApiProperty({
    enum: MODES,
    example: 'live',
    description: 'the endpoint’s mode: live deliveries carry live intakes’ events, test ones test intakes’',
  })
  mode!: Mode;
  @ApiProperty({ type: [DeliveryView], description: 'the last 100, newest first; payloads are not shown' })
  deliveries!: DeliveryView[];
}

export class DeliveryResponse {
  @ApiProperty({ type: DeliveryView }) delivery!: DeliveryView;
}

export class TestDeliveryResponse {
  @ApiProperty({ enum: [true], example: true }) queued!: true;
  @ApiProperty({ example: DELIVERY_ID }) delivery_id!: string;
}
