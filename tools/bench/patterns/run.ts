/**
 * Owner patterns benchmark (issue #28): how long validateItemValue takes on the catastrophic case,
 * an item pattern `^(a+)+$` and a value of N "a" and a "!", before and after patterns moved to RE2.
 *
 *   - old: V8's backtracking engine, as validateItemValue ran it before (`new RegExp('^(?:' +
 *     pattern + ')$', 'u')`, compiled per call). The measuring process loads the real
 *     validateItemValue with that former engine in place of item-pattern.ts, so everything else on
 *     the path is today's code. N = 20…28 (BENCH_PATTERN_OLD_N) shows the doubling per character;
 *     N = 40 and 10,000 are extrapolated, never run;
 *   - new: RE2 (item-pattern.ts as shipped), N = 40, 1,000, 10,000, 100,000 (BENCH_PATTERN_NEW_N);
 *   - RE2's compile: the pattern's first compile in a fresh process (which also pays for the engine's
 *     WebAssembly code being compiled on first use), the cached look-up after, and a second pattern.
 *
 * Every measurement runs in a child process of its own, killed (SIGKILL: a running match never
 * yields to a signal handler) after BENCH_PATTERN_TIMEOUT_S (default 20) seconds. BENCH_ROUNDS
 * (default 3) rounds alternate old and new rows; each row prints min / median / max over the rounds.
 * In a child, three warm-up calls on a short value (compile the pattern, let V8 tier up its regexp
 * code) come first; then up to 21 timed calls within a second: a process's figure is their median
 * (a single call of a few milliseconds is at the mercy of the scheduler on a busy machine), and its
 * first call is shown apart (the first long value costs RE2 more: see docs/benchmarks.md). The old
 * engine's long rows make one call. Bounded: at most rounds × rows × timeout, in practice about two
 * minutes. Writes tools/bench/patterns/results.json.
 *
 *   npm run bench:patterns     (BENCH_ROUNDS, BENCH_PATTERN_OLD_N, BENCH_PATTERN_NEW_N, BENCH_PATTERN_TIMEOUT_S)
 */
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import Module from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pick, ROUNDS } from '../common';

const PATTERN = '^(a+)+$';
const list = (variable: string, fallback: number[]) =>
  process.env[variable] ? (process.env[variable] as string).split(',').map(Number) : fallback;
const OLD_N = list('BENCH_PATTERN_OLD_N', [20, 22, 24, 26, 28]);
const NEW_N = list('BENCH_PATTERN_NEW_N', [40, 1_000, 10_000, 100_000]);
const TIMEOUT_MS = Number(process.env['BENCH_PATTERN_TIMEOUT_S'] ?? 20) * 1000;
const ITEMS_LIBRARY = join(__dirname, '..', '..', '..', 'libs', 'domain', 'items', 'src');
const ITEM_PATTERN_MODULE = join(ITEMS_LIBRARY, 'lib', 'item-pattern.ts');

type Engine = 'old' | 'new';
type Job =
  | { kind: 'match'; engine: Engine; n: number }
  | { kind: 'compile' }
  | { kind: 'unicode'; flags: 'default' | 'api' };
/** Patterns whose `\p{L}` makes RE2's compiler work hardest: what owners write for names. */
const UNICODE_PATTERNS = ["^[\\p{L} '-]+$", '^[\\p{L}\\p{N}]+$', '^\\p{Lu}\\p{Ll}+$'];
const UNICODE_VALUE = 'Žluťoučký kůň úpěl ďábelské ódy 日本語 Привет '.repeat(25);
/** What a child reports: milliseconds of the timed call(s). */
type Outcome =
  | { ms: number; calls: number; first?: number; cachedMs?: number; warmMs?: number; loadMs?: number }
  | { timedOut: true }
  | { failed: string };

// ---------------------------------------------------------------------------------------------
// The child: one measurement, then exit.
// ---------------------------------------------------------------------------------------------

/**
 * Puts the former engine where item-pattern.ts would load: the body of compileItemPattern before
 * issue #28 (a V8 RegExp per call, no cache), behind today's interface.
 */
function installOldEngine(): void {
  const compileItemPattern = (pattern: string) => {
    try {
      new RegExp(pattern, 'u');
      return new RegExp(`^(?:${pattern})$`, 'u');
    } catch {
      return { reason: 'invalid', message: 'is not a valid regular expression' };
    }
  };
  const stub = new Module(ITEM_PATTERN_MODULE);
  stub.filename = ITEM_PATTERN_MODULE;
  stub.loaded = true;
  stub.exports = {
    compileItemPattern,
    isPatternRefusal: (value: object) => 'reason' in value,
    PATTERN_SIZE_MAX: 600,
    PATTERN_CACHE_SIZE: 0,
    PATTERN_CACHE_WEIGHT_MAX: 0,
    cachedPatterns: () => ({ count: 0, weight: 0 }),
  };
  (require.cache as Record<string, NodeModule>)[require.resolve(ITEM_PATTERN_MODULE)] = stub;
}

function child(job: Job): Outcome {
  if (job.kind === 'match' && job.engine === 'old') installOldEngine();
  // The api's own V8 flags for WebAssembly, set the way its main.ts sets them (before RE2 loads).
  if (job.kind === 'unicode' && job.flags === 'api')
    require(join(__dirname, '..', '..', '..', 'apps', 'api', 'src', 'wasm-engine'));
  const loading = performance.now();
  // Loaded only now, so the old engine (when asked for) is what validateItemValue imports; by path,
  // as the TypeScript loader maps `@intake/…` only in static imports.
  const items = require(ITEMS_LIBRARY) as typeof import('@intake/domain-items');
  const loadMs = performance.now() - loading;
  if (job.kind === 'unicode') {
    // Each pattern's compile and first match of a 1,000-character mixed-script value: the longest
    // any request can hold the event loop for such a pattern (later calls hit the cache).
    const times = UNICODE_PATTERNS.map((pattern) => {
      const started = performance.now();
      const compiled = items.compileItemPattern(pattern);
      if (items.isPatternRefusal(compiled)) throw new Error(`${pattern} refused: ${compiled.message}`);
      compiled.test(UNICODE_VALUE);
      return performance.now() - started;
    });
    return {
      ms: Math.max(...times),
      first: times[0] as number,
      warmMs: times[1] as number,
      calls: times.length,
      loadMs,
    };
  }
  if (job.kind === 'compile') {
    // The first pattern a process compiles also pays for V8 compiling the engine's WebAssembly code,
    // which it does lazily, on first call; a second, new pattern shows the compile itself.
    const cold = performance.now();
    items.compileItemPattern(PATTERN);
    const ms = performance.now() - cold;
    const cached = performance.now();
    items.compileItemPattern(PATTERN);
    const cachedMs = performance.now() - cached;
    const another = performance.now();
    items.compileItemPattern('^(b+)+$');
    return { ms, cachedMs, warmMs: performance.now() - another, calls: 1 };
  }
  const definition: import('@intake/domain-items').ItemDefinition = {
    key: 'code',
    type: 'longtext',
    label: 'Code',
    help: null,
    required: true,
    assignee: 'client',
    // Above the api's own cap (100,000), so that the 100,001 characters of the largest row reach the
    // pattern instead of being refused for their length: the pattern is what is timed.
    constraints: { max_chars: 1_000_000 },
    schema: null,
    options: null,
    pattern: PATTERN,
    proposed: null,
  };
  // Three warm-up calls: V8 interprets a regular expression's first runs and compiles it to machine code after.
  for (let i = 0; i < 3; i += 1) items.validateItemValue(definition, 'aaaa!');
  const value = `${'a'.repeat(job.n)}!`;
  // Up to 21 timed calls within a second, and their median: one call of a few milliseconds is at the
  // mercy of the scheduler on a busy machine. The old engine's long rows make a single call.
  const times: number[] = [];
  const until = performance.now() + 1000;
  do {
    const started = performance.now();
    const details = items.validateItemValue(definition, value);
    times.push(performance.now() - started);
    if (details[0]?.message !== 'does not match the required pattern') {
      return { failed: `unexpected answer ${JSON.stringify(details)}` };
    }
  } while (times.length < 21 && performance.now() < until);
  return { ms: pick(times, 'median'), first: times[0] as number, calls: times.length };
}

// ---------------------------------------------------------------------------------------------
// The parent: rounds of children, alternating engines.
// ---------------------------------------------------------------------------------------------

function measure(job: Job): Promise<Outcome> {
  return new Promise((resolve) => {
    const process_ = fork(__filename, [], {
      execArgv: ['-r', '@swc-node/register'],
      env: { ...process.env, BENCH_PATTERN_JOB: JSON.stringify(job) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let outcome: Outcome | undefined;
    const timer = setTimeout(() => {
      outcome = { timedOut: true };
      process_.kill('SIGKILL');
    }, TIMEOUT_MS);
    process_.on('message', (message: Outcome) => (outcome ??= message));
    process_.on('exit', (code) => {
      clearTimeout(timer);
      resolve(outcome ?? { failed: `exited with ${code} and no answer` });
    });
  });
}

const label = (job: Job) =>
  job.kind === 'compile'
    ? 'RE2 compile'
    : job.kind === 'unicode'
      ? `RE2 \\p{L} patterns, ${job.flags === 'api' ? "the api's V8 flags" : "V8's default flags"}`
      : `${job.engine === 'old' ? 'V8 (old)' : 'RE2 (new)'} N=${job.n}`;
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(2) : value.toFixed(3));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function parent(): Promise<void> {
  const oldJobs: Job[] = OLD_N.map((n) => ({ kind: 'match', engine: 'old', n }));
  const newJobs: Job[] = [
    ...NEW_N.map((n): Job => ({ kind: 'match', engine: 'new', n })),
    { kind: 'compile' },
    // Default flags then the api's; every list runs reversed in even rounds, so neither goes first.
    { kind: 'unicode', flags: 'default' },
    { kind: 'unicode', flags: 'api' },
  ];
  type Row = {
    times: number[];
    first: number[];
    cached: number[];
    warm: number[];
    calls: number[];
    loads: number[];
    timeouts: number;
    failures: string[];
  };
  const results = new Map<string, Row>();
  const loadBefore = load();
  const started = Date.now();
  console.log(`pattern ${PATTERN}, value "a"×N + "!", ${ROUNDS} rounds, timeout ${TIMEOUT_MS / 1000} s per process`);
  console.log(`load average ${loadBefore} on ${cpus().length} cores`);
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Old then new in odd rounds, new then old in even ones, so neither side always runs first.
    const order = round % 2 === 1 ? [oldJobs, newJobs] : [newJobs, oldJobs];
    for (const jobs of order) {
      for (const job of round % 2 === 1 ? jobs : [...jobs].reverse()) {
        const outcome = await measure(job);
        const row = results.get(label(job)) ?? {
          times: [],
          first: [],
          cached: [],
          warm: [],
          calls: [],
          loads: [],
          timeouts: 0,
          failures: [],
        };
        results.set(label(job), row);
        if ('timedOut' in outcome) row.timeouts += 1;
        else if ('failed' in outcome) row.failures.push(outcome.failed);
        else {
          row.times.push(outcome.ms);
          row.calls.push(outcome.calls);
          if (outcome.first !== undefined) row.first.push(outcome.first);
          if (outcome.cachedMs !== undefined) row.cached.push(outcome.cachedMs);
          if (outcome.warmMs !== undefined) row.warm.push(outcome.warmMs);
          if (outcome.loadMs !== undefined) row.loads.push(outcome.loadMs);
        }
        const shown =
          'timedOut' in outcome
            ? `> ${TIMEOUT_MS / 1000} s (killed)`
            : 'failed' in outcome
              ? `FAILED ${outcome.failed}`
              : job.kind === 'unicode'
                ? `slowest pattern ${ms(outcome.ms)} ms (compile + first match), first ${ms(outcome.first ?? NaN)} ms, second ${ms(outcome.warmMs ?? NaN)} ms; loading the library ${ms(outcome.loadMs ?? NaN)} ms`
                : job.kind === 'compile'
                  ? `first ${ms(outcome.ms)} ms, cached ${ms(outcome.cachedMs ?? NaN)} ms, another pattern ${ms(outcome.warmMs ?? NaN)} ms`
                  : `${ms(outcome.ms)} ms (median of ${outcome.calls} calls; first ${ms(outcome.first ?? NaN)} ms)`;
        console.log(`round ${round}  ${label(job).padEnd(22)} ${shown}`);
      }
    }
  }

  console.log(
    `\n| row | min ms | median ms | max ms | timed out | calls per process | first call: min / median / max ms |`,
  );
  console.log(`|---|---:|---:|---:|---:|---:|---:|`);
  const summary: Record<string, unknown> = {};
  const spread = (values: number[]) => [pick(values, 'min'), pick(values, 'median'), pick(values, 'max')];
  const cells = (values: number[], between: string) =>
    (values.length > 0 ? spread(values).map(ms) : ['–', '–', '–']).join(between);
  const print = (name: string, values: number[], timeouts: number, calls: string, first: number[] = []) =>
    console.log(`| ${name} | ${cells(values, ' | ')} | ${timeouts} of ${ROUNDS} | ${calls} | ${cells(first, ' / ')} |`);
  for (const [name, row] of results) {
    const calls = row.calls.length > 0 ? `${Math.min(...row.calls)}–${Math.max(...row.calls)}` : '–';
    const unicode = name.startsWith('RE2 \\p{L}');
    print(
      name === 'RE2 compile'
        ? 'RE2 first compile in a process'
        : unicode
          ? `${name}: slowest compile + first match`
          : name,
      row.times,
      row.timeouts,
      calls,
      row.first,
    );
    if (unicode) {
      print(`${name}: second pattern`, row.warm, 0, '1');
      print(`${name}: loading the library (start-up)`, row.loads, 0, '1');
    }
    if (!unicode && row.cached.length > 0) print('RE2 cached look-up of the same pattern', row.cached, 0, '1');
    if (!unicode && row.warm.length > 0) print('RE2 compile of a second, new pattern', row.warm, 0, '1');
    if (row.failures.length > 0) {
      console.log(`  failures: ${row.failures.join('; ')}`);
      process.exitCode = 1;
    }
    const [min, median, max] = row.times.length > 0 ? spread(row.times) : [];
    summary[name] = { ...row, min, median, max };
  }

  // The growth of the old engine: a least-squares line through log2(median) against N.
  const points = OLD_N.map((n) => {
    const row = results.get(label({ kind: 'match', engine: 'old', n }));
    return { n, median: row && row.times.length === ROUNDS ? pick(row.times, 'median') : NaN };
  }).filter((p) => Number.isFinite(p.median) && p.median > 0);
  if (points.length >= 2) {
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const xs = points.map((p) => p.n);
    const ys = points.map((p) => Math.log2(p.median));
    const mx = mean(xs);
    const my = mean(ys);
    const slope =
      xs.reduce((sum, x, i) => sum + (x - mx) * ((ys[i] as number) - my), 0) /
      xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
    const at = (n: number) => 2 ** (my + slope * (n - mx));
    const at40 = at(40) / 1000;
    const log10At10000 = (my + slope * (10_000 - mx)) * Math.log10(2) - 3;
    console.log(
      `\nV8 (old): ×${(2 ** slope).toFixed(2)} per character (≈ 2^N growth); ` +
        `N=40 extrapolated: ≈ ${at40 >= 3600 ? `${(at40 / 3600).toFixed(1)} h` : `${at40.toFixed(0)} s`}; ` +
        `N=10,000: ≈ 10^${log10At10000.toFixed(0)} s, never finishes`,
    );
    summary['oldGrowth'] = { perCharacter: 2 ** slope, extrapolated40Seconds: at40, log10Seconds10000: log10At10000 };
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`\nload average ${loadBefore} before, ${load()} after, on ${cpus().length} cores; ${seconds} s in all`);
  writeFileSync(
    join(__dirname, 'results.json'),
    JSON.stringify(
      { date: new Date().toISOString(), node: process.version, rounds: ROUNDS, loadBefore, loadAfter: load(), summary },
      null,
      2,
    ),
  );
}

const job = process.env['BENCH_PATTERN_JOB'];
if (job) {
  let outcome: Outcome;
  try {
    outcome = child(JSON.parse(job) as Job);
  } catch (error) {
    outcome = { failed: String(error) };
  }
  process.send?.(outcome, () => process.exit(0));
} else {
  parent().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
