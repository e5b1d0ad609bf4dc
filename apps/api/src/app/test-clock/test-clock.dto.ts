import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsInt, Max, Min } from 'class-validator';
import { Optional } from '../validation';

export const MAX_ADVANCE_SECONDS = 10 * 366 * 24 * 3600;

export class SetClockRequest {
  @ApiPropertyOptional({
    description: 'move the shared clock forward by this many seconds',
    type: 'integer',
    minimum: 0,
    maximum: MAX_ADVANCE_SECONDS,
    example: 3600,
  })
  @Optional()
  @IsInt()
  @Min(0)
  @Max(MAX_ADVANCE_SECONDS)
  advance_seconds?: number;

  @ApiPropertyOptional({
    description: 'set the shared clock to this instant (ISO 8601)',
    example: '2026-12-01T08:00:00Z',
  })
  @Optional()
  @IsISO8601({ strict: true })
  now?: string;
}

export class ClockResponse {
  @ApiProperty({ example: '2026-12-01T08:00:00.000Z' })
  now!: string;
}

export class TickResponse {
  @ApiProperty({
    example: '2026-12-01T08:00:00.000Z',
    description: 'the instant the pass ran at',
  })
  now!: string;

  @ApiProperty({
    description: 'what each scheduler pass handled',
    type: 'object',
    additionalProperties: { type: 'integer' },
    example: { due_chases: 3 },
  })
  passes!: Record<string, number>;

  @ApiProperty({
    description:
      'what was waited on until drained: the mail queues, and webhook_deliveries (no webhook delivery due at the clock or in flight)',
    type: [String],
    example: ['webhook_deliveries'],
  })
  drained!: string[];
}
