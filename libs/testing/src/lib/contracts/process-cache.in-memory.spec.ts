import { EventEmitter } from 'node:events';
import { InMemoryProcessCache } from '../in-memory/process-cache';
import { describeProcessCacheContract } from './process-cache.contract';

describeProcessCacheContract('in memory', async () => {
  const bus = new EventEmitter();
  return { here: new InMemoryProcessCache(bus), there: new InMemoryProcessCache(bus), teardown: async () => undefined };
});
