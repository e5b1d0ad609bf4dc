// Fuzzes the api from its OpenAPI document for as long as asked (issue #11):
//
//   npm run fuzz -- [--seed N] [--runs N | --requests N] [--op 'POST /v1/intakes'] [--path P]
//
// --runs is per operation, --requests in all (100000 spreads over every operation); without
// --seed a random one is drawn and printed. --path with --seed and --op replays the counterexample
// a failure printed. Runs the bounded e2e spec (apps/api/test/fuzz.e2e.spec.ts) with its
// environment set and a time limit that grows with the run; needs PostgreSQL and Redis as
// `npm test` does.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const FLAGS = { seed: 'FUZZ_SEED', runs: 'FUZZ_RUNS', requests: 'FUZZ_REQUESTS', op: 'FUZZ_OP', path: 'FUZZ_PATH' };
const env = { ...process.env, FUZZ_VERBOSE: '1' };
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const [flag, inline] = args[i].replace(/^--/, '').split('=', 2);
  const variable = FLAGS[flag];
  const value = inline ?? args[++i];
  if (!variable || value === undefined) {
    console.error(`usage: npm run fuzz -- [--seed N] [--runs N | --requests N] [--op 'METHOD /path'] [--path P]`);
    process.exit(2);
  }
  env[variable] = value;
}
env.FUZZ_SEED ??= String(Math.floor(Math.random() * 2 ** 31));
// Generous: 200 ms a request (the bounded run averages under 20).
const requests = Number(env.FUZZ_REQUESTS ?? Number(env.FUZZ_RUNS ?? 50) * 64);
env.FUZZ_TIMEOUT_MS ??= String(Math.max(600_000, requests * 200));
console.log(`fuzz: seed ${env.FUZZ_SEED}`);

const root = join(__dirname, '..', '..', '..', '..');
const jest = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const result = spawnSync(
  process.execPath,
  [jest, '-c', 'apps/api/jest.config.cts', 'apps/api/test/fuzz.e2e.spec.ts', '--ci'],
  { cwd: root, env, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
