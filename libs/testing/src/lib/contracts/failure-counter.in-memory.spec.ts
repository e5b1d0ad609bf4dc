import { InMemoryFailureCounter } from '../in-memory';
import { describeFailureCounterContract } from './failure-counter.contract';

describeFailureCounterContract('in memory', async () => ({
  counter: new InMemoryFailureCounter(),
  teardown: async () => undefined,
}));
