import { type Principal } from '@intake/domain-accounts';
import { notFound } from '@intake/errors';
import { TestClockStore } from '../ports/test-clock-store.port';
import { testClockAccount, type TestClockRecord } from './test-clock';

/** GET /v1/test_clocks/:id. Test keys only (any other principal: 404). */
export class GetTestClock {
  static readonly inject = [TestClockStore] as const;

  constructor(private readonly clocks: TestClockStore) {}

  async execute(principal: Principal, clockId: string): Promise<TestClockRecord> {
    const clock = await this.clocks.get(testClockAccount(principal), clockId);
    if (!clock) throw notFound('Test clock');
    return clock;
  }
}
