import { actorOf, type Principal } from '@intake/domain-accounts';
import { notFound, validationFailed } from '@intake/errors';
import { AuditRecorder, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { TestClockStore } from '../ports/test-clock-store.port';
import { advanceProblems, advancingConflict, testClockAccount, type TestClockRecord } from './test-clock';

export interface AdvanceTestClockCommand {
  principal: Principal;
  clockId: string;
  frozenTime: Date;
  meta: RequestMeta;
}

/**
 * POST /v1/test_clocks/:id/advance: the clock becomes `advancing` towards `frozen_time` (later than
 * its frozen time, two years at most; 422 otherwise) and the scheduler takes it from there
 * (AdvanceTestClocks). A clock still advancing is 409 test_clock_advancing. Test keys only.
 */
export class AdvanceTestClock {
  static readonly inject = [UnitOfWork, TestClockStore, AuditRecorder] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly clocks: TestClockStore,
    private readonly audit: AuditRecorder,
  ) {}

  async execute({ principal, clockId, frozenTime, meta }: AdvanceTestClockCommand): Promise<TestClockRecord> {
    const accountId = testClockAccount(principal);
    return this.uow.run(async () => {
      const clock = await this.clocks.getForUpdate(accountId, clockId);
      if (!clock) throw notFound('Test clock');
      if (clock.status === 'advancing') throw advancingConflict();
      const problems = advanceProblems(clock, frozenTime);
      if (problems.length > 0) throw validationFailed(problems);
      await this.clocks.startAdvance(clock.id, frozenTime);
      await this.audit.record(accountId, actorOf(principal), 'test_clock.advanced', clock.id, meta, {
        from: clock.frozen_time.toISOString(),
        to: frozenTime.toISOString(),
      });
      return { ...clock, status: 'advancing', advancing_to: frozenTime };
    });
  }
}
