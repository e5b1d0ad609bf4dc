import { ApiProperty } from '@nestjs/swagger';
import { IsISO8601 } from 'class-validator';
import { type TestClockRecord, type TestClockStatus } from '@intake/application-intakes';
import { OptionalText } from '../validation';

const CLOCK_ID = 'clk_Qm4xT8vN2bR6kW0pZ3yH7c';
const INSTANT_RULE = { strict: true, strictSeparator: true } as const;

export class CreateTestClockRequest {
  @ApiProperty({
    format: 'date-time',
    example: '2027-03-01T09:00:00Z',
    description: 'the instant the clock stands at (any, past or future); the intakes created on it start there',
  })
  @IsISO8601(INSTANT_RULE)
  frozen_time!: string;

  @OptionalText(
    { example: 'Onboarding flow', description: 'trimmed; for your own reference' },
    { max: 100, trim: true },
  )
  name?: string;
}

export class AdvanceTestClockRequest {
  @ApiProperty({
    format: 'date-time',
    example: '2027-03-31T09:00:00Z',
    description:
      'the instant to advance to: later than the clock’s frozen_time and at most two years after it (422 naming frozen_time otherwise)',
  })
  @IsISO8601(INSTANT_RULE)
  frozen_time!: string;
}

export class TestClockView {
  @ApiProperty({ example: CLOCK_ID }) id!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Onboarding flow' }) name!: string | null;
  @ApiProperty({
    format: 'date-time',
    example: '2027-03-01T09:00:00.000Z',
    description: 'the clock’s current time; while advancing it moves towards advancing_to step by step',
  })
  frozen_time!: string;
  @ApiProperty({
    enum: ['ready', 'advancing'],
    example: 'ready',
    description:
      'advancing: the scheduler is moving the clock towards advancing_to, processing what falls due on the way (invitations, reminders, stalls, overdue notices, retention) in order; ready: done',
  })
  status!: TestClockStatus;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    example: null,
    description: 'the instant an advance under way is moving to; null when ready',
  })
  advancing_to!: string | null;
  @ApiProperty({ format: 'date-time', example: '2026-11-28T12:00:00.000Z', description: 'real time' })
  created_at!: string;
}

export class TestClockResponse {
  @ApiProperty({ type: TestClockView }) test_clock!: TestClockView;
}

export class TestClockList {
  @ApiProperty({ type: [TestClockView], description: 'oldest first' }) test_clocks!: TestClockView[];
}

export const testClockView = (c: TestClockRecord): TestClockView => ({
  id: c.id,
  name: c.name,
  frozen_time: new Date(c.frozen_time).toISOString(),
  status: c.status,
  advancing_to: c.advancing_to ? new Date(c.advancing_to).toISOString() : null,
  created_at: new Date(c.created_at).toISOString(),
});
