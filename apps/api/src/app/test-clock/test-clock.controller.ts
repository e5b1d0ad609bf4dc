import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@intake/http';
import { TestClockControl } from '@intake/kernel';
import { validationFailed } from '@intake/errors';
import { ClockResponse, SetClockRequest, TickResponse } from './test-clock.dto';
import { TickService } from './tick.service';

/** Present only with TEST_CLOCK=enabled (refused in production). docs/guide.md, "Test clock"; docs/adr/0003-the-clock-port.md. */
@ApiTags('test clock')
@Public()
@Controller('_test')
export class TestClockController {
  constructor(
    private readonly clock: TestClockControl,
    private readonly ticks: TickService,
  ) {}

  @Post('clock')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Move the shared test clock (test deployments only).',
    description:
      'Only on a service started with TEST_CLOCK=enabled, never in production: sets the time every process reads, by advance_seconds or to an absolute now (exactly one, else 422). Affects every account; due work runs on the next scheduler pass (POST /_test/tick). Public.',
    security: [],
  })
  @ApiOkResponse({ type: ClockResponse })
  async setClock(@Body() body: SetClockRequest): Promise<ClockResponse> {
    const given = (body.advance_seconds !== undefined ? 1 : 0) + (body.now !== undefined ? 1 : 0);
    if (given !== 1) {
      throw validationFailed([
        {
          path: 'advance_seconds',
          message: 'give exactly one of advance_seconds or now',
        },
      ]);
    }
    const now =
      body.advance_seconds !== undefined
        ? await this.clock.advance(body.advance_seconds)
        : await this.clock.setNow(new Date(body.now as string));
    return { now: now.toISOString() };
  }

  @Post('tick')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Run one pass of scheduler work now (test deployments only).',
    description:
      'Only with TEST_CLOCK=enabled: asks the scheduler for one full pass at the test clock’s time and waits until nothing due is left, the mail queues are drained and the webhook deliveries settled, so a test sees the effects at once. Public.',
    security: [],
  })
  @ApiOkResponse({ type: TickResponse })
  tick(): Promise<TickResponse> {
    return this.ticks.tick();
  }
}
