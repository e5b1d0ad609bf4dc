import { join } from 'node:path';
import { useApi } from './api-test-app';
import { type OpenApiDocument, type Operation, operationsOf } from './fuzz/document';
import { Oracle } from './fuzz/oracle';
import { fuzzOperation, type FuzzSettings } from './fuzz/runner';

/**
 * Fuzzing from the served OpenAPI document (issue #11): every operation gets generated requests,
 * valid and broken, and every answer is judged against the document. Bounded here; `npm run fuzz
 * -- --seed N --runs N` runs longer (tools/fuzz/run.js). FUZZ_SEED, FUZZ_RUNS, FUZZ_PATH and
 * FUZZ_OP (a substring of `METHOD /path`) override the defaults.
 */

const DEFAULT_SEED = 20_260_611;
const DEFAULT_RUNS = 50;

const settings: FuzzSettings = {
  seed: Number(process.env['FUZZ_SEED'] ?? DEFAULT_SEED),
  runs: Number(process.env['FUZZ_RUNS'] ?? DEFAULT_RUNS),
  path: process.env['FUZZ_PATH'] || undefined,
  requestsPerWorld: Number(process.env['FUZZ_REQUESTS_PER_WORLD'] ?? 100),
  reportDir: join(process.cwd(), 'tmp', 'fuzz'),
};
const only = process.env['FUZZ_OP'];
/** Per operation: generous for the long runs, which pass FUZZ_TIMEOUT_MS. */
const TIMEOUT_MS = Number(process.env['FUZZ_TIMEOUT_MS'] ?? 60_000);

describe(`fuzzing every operation of the OpenAPI document (seed ${settings.seed}, ${settings.runs} runs each)`, () => {
  // The hourly request limit only counts here: the fuzzer sends far more than any plan allows.
  // Warnings and errors only: the log is kept in memory, and a long run sends 100,000 requests.
  const api = useApi({ RATE_LIMIT_MODE: 'observe', LOG_LEVEL: 'warn' });
  let document: OpenApiDocument;
  let operations: Operation[] = [];
  let oracle: Oracle;
  const totals = { requests: 0, started: Date.now() };

  beforeAll(async () => {
    const response = await api.t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    document = response.json<OpenApiDocument>();
    operations = operationsOf(document).filter((op) => !only || op.name.includes(only));
    oracle = new Oracle(document);
    totals.started = Date.now();
  });

  afterAll(() => {
    const seconds = ((Date.now() - totals.started) / 1000).toFixed(1);
    process.stdout.write(`fuzz: ${totals.requests} requests to ${operations.length} operations in ${seconds} s\n`);
  });

  it('has operations to fuzz', () => {
    expect(operations.length).toBeGreaterThan(0);
  });

  it(
    'answers every generated request as the document says',
    async () => {
      const failures: string[] = [];
      for (const operation of operations) {
        const started = Date.now();
        const run = await fuzzOperation(api, document, operation, oracle, settings);
        totals.requests += run.requests;
        if (process.env['FUZZ_VERBOSE']) {
          const statuses = Object.entries(run.statuses)
            .map(([status, n]) => `${status}×${n}`)
            .join(' ');
          process.stdout.write(
            `${operation.name}: ${run.requests} requests, ${Date.now() - started} ms: ${statuses}\n`,
          );
        }
        if (run.failure) failures.push(run.failure);
      }
      if (failures.length > 0) throw new Error(`${failures.length} operation(s) failed:\n\n${failures.join('\n\n')}`);
    },
    TIMEOUT_MS * 64,
  );
});
