import fc from 'fast-check';
import { pdf, png } from '@intake/testing';
import { type Api } from '../api-test-app';
import { type SentRequest, toCurl } from './curl';
import { type Json, type OpenApiDocument, type Operation } from './document';
import { FIXTURE_FIELDS, type Fixtures } from './fixtures';
import { type Oracle } from './oracle';
import { type PlannedBody, type RequestPlan, requestArbitrary, type Upload } from './requests';
import { FixtureRef, type Value } from './schema-arbitrary';

export interface FuzzSettings {
  seed: number;
  runs: number;
  /** fast-check's path to one counterexample (replays it alone). */
  path?: string;
  /** A new owner (and fixtures) after this many requests, counters and quotas afresh. */
  requestsPerWorld: number;
  /** Where long bodies of failing requests are written for their curl line. */
  reportDir: string;
  /** Shared secrets by environment variable, for operations a provider calls (x-access.secret). */
  secrets: Record<string, string>;
}

export interface OperationRun {
  requests: number;
  statuses: Record<number, number>;
  /** Success statuses answered with a body for which the document declares no schema (a gap). */
  bodiesWithoutSchema: Set<number>;
  /** The failure, shrunk and ready to print; undefined when every answer was right. */
  failure?: string;
}

class FuzzFailure extends Error {
  constructor(
    readonly sent: SentRequest,
    readonly label: string,
    readonly problems: string[],
    readonly answer: string,
  ) {
    super(problems.join('\n'));
  }
}

const GARBAGE = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7919) % 256));
const uploads: Record<Upload, () => Buffer> = {
  png: () => png(8, 8),
  pdf: () => pdf(),
  empty: () => Buffer.alloc(0),
  garbage: () => GARBAGE,
};

/** Fixture references sit where schemas put fields, never below this (the 2,000-deep values). */
const REF_DEPTH = 32;

function fixtureNames(value: unknown, names = new Set<string>(), depth = 0): Set<string> {
  if (value instanceof FixtureRef) names.add(value.name);
  else if (value && typeof value === 'object' && depth < REF_DEPTH) {
    for (const v of Object.values(value)) fixtureNames(v, names, depth + 1);
  }
  return names;
}

function multipartBody(m: Extract<PlannedBody, { multipart: unknown }>['multipart']) {
  const boundary = '----fuzzboundary7d3a';
  const part = (name: string, filename: string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
          `Content-Type: ${m.contentType}\r\n\r\n`,
      ),
      uploads[m.content](),
      Buffer.from('\r\n'),
    ]);
  const parts = [part(m.field, m.filename), ...(m.extra ? [part(m.field, `second-${m.filename}`)] : [])];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The plan made concrete against the fixtures of the moment. */
function materialise(operation: Operation, plan: RequestPlan, fixtures: Fixtures, settings: FuzzSettings) {
  const valueOf = (ref: FixtureRef) => fixtures.value(ref.name, ref.pick) ?? '';
  const onWire = (v: string | FixtureRef) =>
    v instanceof FixtureRef ? `${v.prefix}${encodeURIComponent(valueOf(v))}${v.suffix}` : v;
  const resolveJson = (v: Value, depth = 0): Json =>
    v instanceof FixtureRef
      ? `${v.prefix}${valueOf(v)}${v.suffix}`
      : depth >= REF_DEPTH || !v || typeof v !== 'object'
        ? (v as Json)
        : Array.isArray(v)
          ? v.map((x) => resolveJson(x, depth + 1))
          : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolveJson(x as Value, depth + 1)]));
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => onWire(plan.path[name] ?? ''));
  const query = plan.query.map(([name, value]) => `${name}=${onWire(value)}`).join('&');
  const headers: Record<string, string> = { ...plan.headers };
  const { owner } = fixtures;
  if (plan.auth === 'key') {
    headers['authorization'] = `Bearer ${operation.access.mode === 'test' ? owner.testKey : owner.key}`;
  }
  if (plan.auth === 'provider') headers['authorization'] = `Bearer ${settings.secrets[operation.access.secret ?? '']}`;
  if (plan.auth === 'session') {
    headers['cookie'] = owner.session.cookie;
    if (operation.method !== 'GET') headers['x-csrf-token'] = owner.session.csrf;
  }
  let body: string | Buffer | undefined;
  let json: Json | undefined;
  if (plan.body && 'json' in plan.body) {
    json = resolveJson(plan.body.json);
    body = JSON.stringify(json) ?? 'null';
    headers['content-type'] = plan.body.contentType ?? 'application/json';
  } else if (plan.body && 'raw' in plan.body) {
    body = plan.body.raw.text;
    if (plan.body.raw.contentType !== null) headers['content-type'] = plan.body.raw.contentType;
  } else if (plan.body && 'multipart' in plan.body) {
    const built = multipartBody(plan.body.multipart);
    body = built.payload;
    headers['content-type'] = built.contentType;
  }
  const sent: SentRequest = { method: operation.method, url: query ? `${path}?${query}` : path, headers, body };
  return { sent, json };
}

/**
 * Fuzzes one operation: `runs` generated requests through inject(), each answer judged by the
 * oracle. A failure is shrunk by fast-check to a minimal request and described with a curl line
 * and what replays it.
 */
export async function fuzzOperation(
  api: Api,
  document: OpenApiDocument,
  operation: Operation,
  oracle: Oracle,
  settings: FuzzSettings,
  fixtures: Fixtures,
): Promise<OperationRun> {
  fixtures.forOperation();
  const run: OperationRun = { requests: 0, statuses: {}, bodiesWithoutSchema: new Set() };
  const context = { document, fixtureNames: FIXTURE_FIELDS };
  const property = fc.asyncProperty(requestArbitrary(operation, context), async (plan) => {
    const names = fixtureNames(plan);
    await fixtures.prepare(names);
    const { sent, json } = materialise(operation, plan, fixtures, settings);
    const response = await api.t.app.inject({
      method: sent.method as 'GET',
      url: sent.url,
      headers: sent.headers,
      ...(sent.body !== undefined ? { payload: sent.body } : {}),
      remoteAddress: fixtures.remoteAddress,
    });
    run.requests += 1;
    if (process.env['FUZZ_DEBUG'])
      process.stdout.write(`${sent.method} ${sent.url.slice(0, 120)} ${plan.label}: ${response.statusCode}\n`);
    run.statuses[response.statusCode] = (run.statuses[response.statusCode] ?? 0) + 1;
    const declared = operation.responses.get(response.statusCode) ?? operation.textResponses.get(response.statusCode);
    if (response.statusCode < 300 && response.body.length > 0 && !declared) {
      run.bodiesWithoutSchema.add(response.statusCode);
    }
    const sentValid = plan.valid && oracle.validRequest(operation, json);
    const problems = oracle.check(
      operation,
      { status: response.statusCode, headers: response.headers, body: response.body },
      sentValid,
      sent.headers['authorization'] !== undefined || sent.headers['cookie'] !== undefined,
    );
    if (response.statusCode === 401 && (plan.auth === 'session' || plan.auth === 'key')) {
      await fixtures.credentialsGone(plan.auth);
    } else if (response.statusCode < 300 && operation.method !== 'GET') fixtures.used(names);
    if (problems.length > 0) {
      const answer = `${response.statusCode} ${response.body.slice(0, 500)}${serverError(api, response.headers['x-request-id'])}`;
      throw new FuzzFailure(sent, `${plan.label}${sentValid ? ' (valid by the schema)' : ''}`, problems, answer);
    }
  });
  const details = await fc.check(property, {
    seed: settings.seed,
    numRuns: settings.runs,
    ...(settings.path ? { path: settings.path } : {}),
  });
  if (details.failed) run.failure = describeFailure(operation, details, settings, api.t.config.publicBaseUrl);
  return run;
}

/** What the api logged about a request that failed on its side (the error and where it was thrown). */
function serverError(api: Api, requestId: unknown): string {
  if (typeof requestId !== 'string') return '';
  const line = [...api.t.logs.lines].reverse().find((l) => l.includes(requestId) && l.includes('"err"'));
  if (!line) return '';
  const { err } = JSON.parse(line) as { err?: { type?: string; message?: string; stack?: string } };
  const at = (err?.stack ?? '')
    .split('\n')
    .slice(1, 4)
    .map((frame) => frame.trim());
  return `\n  logged: ${err?.type ?? 'Error'}: ${err?.message ?? ''} ${at.join(' ')}`;
}

function describeFailure(
  operation: Operation,
  details: fc.RunDetails<[RequestPlan]>,
  settings: FuzzSettings,
  baseUrl: string,
): string {
  const error = details.errorInstance;
  const replay = `npm run fuzz -- --seed ${details.seed} --path ${details.counterexamplePath ?? ''} --op '${operation.name}'`;
  if (!(error instanceof FuzzFailure)) {
    const stack = error instanceof Error ? (error.stack ?? '').split('\n').slice(0, 12).join('\n    ') : String(error);
    return `${operation.name}: the fuzzer itself failed: ${stack}\n  replay: ${replay}`;
  }
  const name = `${details.seed}-${operation.operationId}`;
  return [
    `${operation.name}: ${error.label}`,
    ...error.problems.map((p) => `  - ${p}`),
    `  answer: ${error.answer}`,
    `  ${toCurl(error.sent, baseUrl, settings.reportDir, name)}`,
    `  shrunk after ${details.numShrinks} shrinks; seed ${details.seed}, path ${details.counterexamplePath ?? ''}`,
    `  replay: ${replay}`,
  ].join('\n');
}
