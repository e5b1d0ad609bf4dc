import { InMemoryStagingArea } from '../in-memory/file-ports';
import { describeStagingAreaContract } from './staging-area.contract';

describeStagingAreaContract('in memory', async () => ({
  empty: async () => {
    const staging = new InMemoryStagingArea();
    return { staging, kept: async () => staging.held.size };
  },
  teardown: async () => undefined,
}));
