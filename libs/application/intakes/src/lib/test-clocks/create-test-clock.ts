import { actorOf, type Principal } from '@intake/domain-accounts';
import { validationFailed } from '@intake/errors';
import { newId } from '@intake/ids';
import { AuditRecorder, Clock, type RequestMeta, UnitOfWork } from '@intake/kernel';
import { TestClockStore } from '../ports/test-clock-store.port';
import { testClockAccount, type TestClockRecord } from './test-clock';

export interface CreateTestClockCommand {
  principal: Principal;
  frozenTime: Date;
  name?: string | null;
  meta: RequestMeta;
}

/** POST /v1/test_clocks: a ready clock standing at `frozen_time` (any instant, past or future). Test keys only. */
export class CreateTestClock {
  static readonly inject = [UnitOfWork, TestClockStore, AuditRecorder, Clock] as const;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly clocks: TestClockStore,
    private readonly audit: AuditRecorder,
    private readonly clock: Clock,
  ) {}

  async execute({ principal, frozenTime, name, meta }: CreateTestClockCommand): Promise<TestClockRecord> {
    const accountId = testClockAccount(principal);
    if (Number.isNaN(frozenTime.getTime()))
      throw validationFailed([{ path: 'frozen_time', message: 'is not an instant' }]);
    const created: TestClockRecord = {
      id: newId('testClock'),
      account_id: accountId,
      name: name?.trim() || null,
      frozen_time: frozenTime,
      status: 'ready',
      advancing_to: null,
      created_at: this.clock.now(),
    };
    return this.uow.run(async () => {
      await this.clocks.insert(created);
      await this.audit.record(accountId, actorOf(principal), 'test_clock.created', created.id, meta, {
        frozen_time: frozenTime.toISOString(),
      });
      return created;
    });
  }
}
