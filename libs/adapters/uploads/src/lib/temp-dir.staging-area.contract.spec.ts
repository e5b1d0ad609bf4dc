import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeStagingAreaContract } from '@intake/testing';
import { TempDirStagingArea } from './temp-dir.staging-area';

describeStagingAreaContract('temporary directory', async () => {
  const root = await mkdtemp(join(tmpdir(), 'staging-contract-'));
  return {
    empty: async () => {
      const dir = await mkdtemp(join(root, 'run-'));
      return { staging: new TempDirStagingArea(dir), kept: async () => (await readdir(dir)).length };
    },
    teardown: () => rm(root, { recursive: true, force: true }),
  };
});
