import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_STATUS, ErrorCode } from '@intake/errors';

export class ApiErrorDetail {
  @ApiProperty({
    example: 'client.email',
    description: 'the offending field, dotted and indexed (items[0].key)',
  })
  path!: string;

  @ApiProperty({ example: 'must be an email' })
  message!: string;
}

/** The error envelope of every error response (the OpenAPI document; docs/adr/0007-one-error-catalogue-input-refused-not-repaired.md). */
export class ApiError {
  @ApiProperty({ enum: Object.keys(ERROR_STATUS), example: 'unprocessable' })
  error!: ErrorCode;

  @ApiProperty({ example: 'The request is invalid.' })
  message!: string;

  @ApiProperty({
    example: 'req_5mQ1xQbB1cH0eZ3Jm8wWkA',
    description: 'quote it to support; equals the X-Request-Id header',
  })
  request_id!: string;

  @ApiPropertyOptional({
    example: 'validation_failed',
    description: 'stable slug for specific cases',
  })
  reason?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  params?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: [ApiErrorDetail],
    description: 'one entry per offending field',
  })
  details?: ApiErrorDetail[];
}
