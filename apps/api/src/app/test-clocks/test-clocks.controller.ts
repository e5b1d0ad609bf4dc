import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  AdvanceTestClock,
  CreateTestClock,
  DeleteTestClock,
  GetTestClock,
  ListTestClocks,
} from '@intake/application-intakes';
import { Principal } from '@intake/domain-accounts';
import { ApiErrors } from '@intake/http';
import { RequestMeta } from '@intake/kernel';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import {
  AdvanceTestClockRequest,
  CreateTestClockRequest,
  TestClockList,
  TestClockResponse,
  testClockView,
} from './test-clocks.dto';

const TEST_ONLY =
  'Test keys only; a live key gets 404 on every test-clock route. The clocks are the account’s: every test key of it sees them.';

@ApiTags('test clocks')
@Controller('v1/test_clocks')
export class TestClocksController {
  constructor(
    private readonly createClock: CreateTestClock,
    private readonly listClocks: ListTestClocks,
    private readonly getClock: GetTestClock,
    private readonly advanceClock: AdvanceTestClock,
    private readonly deleteClock: DeleteTestClock,
  ) {}

  @Post()
  @Access({ via: 'key', scope: 'intakes:write', mode: 'test' })
  @ApiOperation({
    summary: 'Create a test clock',
    description: `A clock standing at frozen_time. A test intake created with \`test_clock\` set to its id lives on its time: its invitation, reminders, quiet hours, stall, overdue notice and retention happen as the clock is advanced, not in real time (chases recorded skipped, as for any test intake; events and webhooks delivered for real, with the clock's time in their payloads). At most 100 intakes per clock. ${TEST_ONLY}`,
  })
  @ApiCreatedResponse({ type: TestClockResponse })
  @ApiErrors({ error: 'not_found' })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateTestClockRequest,
    @Meta() meta: RequestMeta,
  ): Promise<TestClockResponse> {
    const clock = await this.createClock.execute({
      principal,
      frozenTime: new Date(body.frozen_time),
      name: body.name,
      meta,
    });
    return { test_clock: testClockView(clock) };
  }

  @Get()
  @Access({ via: 'key', scope: 'intakes:read', mode: 'test' })
  @ApiOperation({
    summary: 'List the test clocks',
    description: `The account's test clocks, oldest first. ${TEST_ONLY}`,
  })
  @ApiOkResponse({ type: TestClockList })
  @ApiErrors({ error: 'not_found' })
  async list(@CurrentPrincipal() principal: Principal): Promise<TestClockList> {
    return { test_clocks: (await this.listClocks.execute(principal)).map(testClockView) };
  }

  @Get(':id')
  @Access({ via: 'key', scope: 'intakes:read', mode: 'test' })
  @ApiOperation({
    summary: 'Get a test clock',
    description: `The clock with its status: poll it after an advance until status is ready. ${TEST_ONLY}`,
  })
  @ApiOkResponse({ type: TestClockResponse })
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<TestClockResponse> {
    return { test_clock: testClockView(await this.getClock.execute(principal, id)) };
  }

  @Post(':id/advance')
  @HttpCode(202)
  @Access({ via: 'key', scope: 'intakes:write', mode: 'test' })
  @ApiOperation({
    summary: 'Advance a test clock',
    description: `Moves the clock forward to frozen_time (later than its frozen_time, two years at most; 422 otherwise), asynchronously: the answer is the clock with status advancing, and the scheduler processes everything of its intakes that falls due up to the new time in order, step by step (a day at most, and at each instant something falls due), so a month of reminders appears exactly as it would in real time; then status is ready. A clock still advancing is 409 test_clock_advancing. Other clocks and live intakes are untouched. ${TEST_ONLY}`,
  })
  @ApiAcceptedResponse({ type: TestClockResponse })
  @ApiErrors({ error: 'conflict', reason: 'test_clock_advancing' })
  async advance(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: AdvanceTestClockRequest,
    @Meta() meta: RequestMeta,
  ): Promise<TestClockResponse> {
    const clock = await this.advanceClock.execute({
      principal,
      clockId: id,
      frozenTime: new Date(body.frozen_time),
      meta,
    });
    return { test_clock: testClockView(clock) };
  }

  @Delete(':id')
  @HttpCode(204)
  @Access({ via: 'key', scope: 'intakes:write', mode: 'test' })
  @ApiOperation({
    summary: 'Delete a test clock and its intakes',
    description: `Deletes the clock and every intake on it (their files too); an advance under way stops. ${TEST_ONLY}`,
  })
  @ApiNoContentResponse()
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Meta() meta: RequestMeta,
  ): Promise<void> {
    await this.deleteClock.execute({ principal, clockId: id, meta });
  }
}
