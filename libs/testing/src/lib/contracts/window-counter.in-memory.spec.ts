import { InMemoryWindowCounter } from '../in-memory';
import { describeWindowCounterContract } from './window-counter.contract';

describeWindowCounterContract('in memory', async () => ({
  counter: new InMemoryWindowCounter(),
  teardown: async () => undefined,
}));
