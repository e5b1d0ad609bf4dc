import { Module } from '@nestjs/common';
import {
  AdvanceTestClock,
  CreateTestClock,
  DeleteTestClock,
  GetTestClock,
  ListTestClocks,
} from '@intake/application-intakes';
import { useCase } from '@intake/http';
import { TestClocksController } from './test-clocks.controller';

/**
 * Test clocks (test mode): POST/GET /v1/test_clocks, GET/DELETE /v1/test_clocks/:id and
 * POST /v1/test_clocks/:id/advance. Usable in production, unlike the operator's global clock of
 * TEST_CLOCK=enabled; the scheduler does the advancing. Stores from IntakesPersistenceModule.
 */
@Module({
  controllers: [TestClocksController],
  providers: [
    useCase(CreateTestClock),
    useCase(ListTestClocks),
    useCase(GetTestClock),
    useCase(AdvanceTestClock),
    useCase(DeleteTestClock),
  ],
})
export class TestClocksModule {}
