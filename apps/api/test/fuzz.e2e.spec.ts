import { join } from 'node:path';
import { FakeStripe, fakeStripeEnvironment } from '@intake/testing';
import { useApi } from './api-test-app';
import { type Json, type OpenApiDocument, type Operation, operationsOf } from './fuzz/document';
import { FIXTURE_FIELDS, Fixtures } from './fuzz/fixtures';
import { Oracle } from './fuzz/oracle';
import { fuzzOperation, type FuzzSettings } from './fuzz/runner';
import { sampleOf } from './fuzz/schema-arbitrary';

/**
 * Fuzzing from the served OpenAPI document (issue #11): every operation gets generated requests,
 * valid and broken, and every answer is judged against the document (apps/api/test/fuzz/). Bounded
 * here, with a fixed seed; `npm run fuzz -- --seed N --runs N` runs longer (apps/api/test/fuzz/cli.js,
 * beside the fuzzer it drives).
 * Environment: FUZZ_SEED, FUZZ_RUNS (per operation) or FUZZ_REQUESTS (in all), FUZZ_PATH (replays
 * one counterexample), FUZZ_OP (`METHOD /path`, or a part of it), FUZZ_VERBOSE, FUZZ_TIMEOUT_MS.
 */

const DEFAULT_SEED = 20_260_611;
const DEFAULT_RUNS = 50;
const env = process.env;

/** Shared secrets of the operations a provider calls (x-access `secret`), set on the api. */
const SECRETS = { MAIL_EVENTS_SECRET: 'fuzz-mail-events-secret-0123456789abcdef' };

const settings: FuzzSettings = {
  seed: Number(env['FUZZ_SEED'] ?? DEFAULT_SEED),
  runs: Number(env['FUZZ_RUNS'] ?? DEFAULT_RUNS),
  path: env['FUZZ_PATH'] || undefined,
  requestsPerWorld: Number(env['FUZZ_REQUESTS_PER_WORLD'] ?? 500),
  reportDir: join(process.cwd(), 'tmp', 'fuzz'),
  secrets: SECRETS,
};
const only = env['FUZZ_OP'];
/**
 * The whole run's time limit, a guard against a hang rather than a speed check: about 50 ms a
 * request for a hundred operations, and never under five minutes (a machine busy with other
 * processes doubles the run's two minutes).
 */
const TIMEOUT_MS = Number(env['FUZZ_TIMEOUT_MS'] ?? Math.max(300_000, 100 * settings.runs * 50));
const say = (line: string) => process.stdout.write(`${line}\n`);

describe(`fuzzing every operation of the OpenAPI document (seed ${settings.seed})`, () => {
  // The hourly request limit only counts here: the fuzzer sends far more than any plan allows.
  // Warnings and errors only: the log is kept in memory, and a long run sends 100,000 requests.
  // Billing against the fake Stripe, so checkout and portal answer as when configured.
  const stripe = new FakeStripe();
  const api = useApi(
    { RATE_LIMIT_MODE: 'observe', LOG_LEVEL: 'warn', ...SECRETS },
    {
      prepare: async (environment) => {
        await stripe.start();
        return { ...environment.env, ...fakeStripeEnvironment(stripe) };
      },
    },
  );
  afterAll(() => stripe.stop());
  let document: OpenApiDocument;
  let operations: Operation[] = [];
  let oracle: Oracle;

  beforeAll(async () => {
    const response = await api.t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    document = response.json<OpenApiDocument>();
    const all = operationsOf(document);
    const exact = all.filter((op) => op.name === only);
    operations = only ? (exact.length ? exact : all.filter((op) => op.name.includes(only))) : all;
    oracle = new Oracle(document);
    if (env['FUZZ_REQUESTS']) settings.runs = Math.ceil(Number(env['FUZZ_REQUESTS']) / operations.length);
  });

  it('has operations to fuzz, each request body with a sample valid against its own schema', () => {
    expect(operations.length).toBeGreaterThan(0);
    const context = { document, fixtureNames: FIXTURE_FIELDS };
    const invalid = operations
      .filter((op) => op.body['application/json'])
      .filter((op) => !oracle.validRequest(op, sampleOf(context, op.body['application/json']) as Json))
      .map((op) => op.name);
    expect(invalid).toEqual([]);
  });

  it(
    'answers every generated request as the document says',
    async () => {
      const started = Date.now();
      const failures: string[] = [];
      const gaps: string[] = [];
      let requests = 0;
      const fixtures = new Fixtures(api, settings.requestsPerWorld);
      for (const operation of operations) {
        const opStarted = Date.now();
        const run = await fuzzOperation(api, document, operation, oracle, settings, fixtures);
        requests += run.requests;
        if (run.failure) failures.push(run.failure);
        if (run.bodiesWithoutSchema.size) gaps.push(`${operation.name} (${[...run.bodiesWithoutSchema]})`);
        if (env['FUZZ_VERBOSE']) {
          const statuses = Object.entries(run.statuses).map(([status, n]) => `${status}×${n}`);
          say(`${operation.name}: ${run.requests} requests in ${Date.now() - opStarted} ms: ${statuses.join(' ')}`);
        }
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      say(`fuzz: ${requests} requests to ${operations.length} operations in ${seconds} s (seed ${settings.seed})`);
      // A gap, not a failure: nothing to validate those bodies against.
      if (gaps.length) say(`fuzz: bodies the document gives no schema for: ${gaps.join(', ')}`);
      if (failures.length > 0) throw new Error(`${failures.length} operation(s) failed:\n\n${failures.join('\n\n')}`);
    },
    TIMEOUT_MS,
  );
});
