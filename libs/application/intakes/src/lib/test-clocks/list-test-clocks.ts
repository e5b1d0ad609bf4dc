import { type Principal } from '@intake/domain-accounts';
import { TestClockStore } from '../ports/test-clock-store.port';
import { testClockAccount, type TestClockRecord } from './test-clock';

/** GET /v1/test_clocks: the account's clocks, oldest first. Test keys only (any other principal: 404). */
export class ListTestClocks {
  static readonly inject = [TestClockStore] as const;

  constructor(private readonly clocks: TestClockStore) {}

  async execute(principal: Principal): Promise<TestClockRecord[]> {
    return this.clocks.list(testClockAccount(principal));
  }
}
