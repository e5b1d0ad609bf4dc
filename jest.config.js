const { getJestProjectsAsync } = require('@nx/jest');

/**
 * Every project's tests in one Jest run (`npm run test:all`). Two workers, not Jest's default of
 * one fewer than the cores: on our 2-core machines the default is a single worker, and most test
 * files wait on PostgreSQL, Redis or a child process far more than they compute.
 * JEST_WORKERS overrides. A test's time limit is a guard against hangs, not a speed check (the
 * benchmarks under tools/bench are): 15 s, so two files sharing the cores never trip it.
 */
module.exports = async () => ({
  projects: await getJestProjectsAsync(),
  maxWorkers: Number(process.env['JEST_WORKERS'] ?? 2),
  testTimeout: 15_000,
});
