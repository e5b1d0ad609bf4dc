import { ApiProperty } from '@nestjs/swagger';

export class HealthResponse {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  status!: 'ok';
}

export class ReadinessResponse {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  status!: 'ok';

  @ApiProperty({
    description: 'each checked dependency and its outcome',
    example: {
      database: 'ok',
      redis: 'ok',
      object_storage: 'ok',
      mail_transport: 'ok',
    },
    type: 'object',
    additionalProperties: { type: 'string', enum: ['ok'] },
  })
  checks!: Record<string, 'ok'>;
}
