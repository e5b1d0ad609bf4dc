/**
 * tools/mutation/ci.js decides from the committed baselines which libraries to run again and fails
 * on a score under the recorded one minus 2. Stryker itself is replaced by a runner that writes a
 * prepared report (MUTATION_RUNNER); the real incremental run is shown in docs/testing.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const { libraryFiles, scoreOf } = require('./ci.js') as {
  libraryFiles: (root: string, lib: string) => Record<string, string>;
  scoreOf: (report: object) => { mutants: number; score: number };
};

const LIB = 'libs/domain/small';
const SOURCE = 'export const double = (n: number) => n * 2;\n';
const SPEC = "import { double } from './small';\nit('doubles', () => expect(double(2)).toBe(4));\n";

/** A report with `killed` Killed, `survived` Survived, plus one RuntimeError that does not count. */
const report = (root: string, killed: number, survived: number) => ({
  schemaVersion: '1.0',
  files: {
    [`${LIB}/src/lib/small.ts`]: {
      language: 'typescript',
      source: SOURCE,
      mutants: [
        ...Array.from({ length: killed }, (_, i) => ({ id: `k${i}`, status: 'Killed' })),
        ...Array.from({ length: survived }, (_, i) => ({ id: `s${i}`, status: 'Survived' })),
        { id: 'e', status: 'RuntimeError' },
      ].map((m, i) => ({
        ...m,
        mutatorName: 'ArithmeticOperator',
        replacement: 'n / 2',
        location: { start: { line: 1, column: i }, end: { line: 1, column: i + 1 } },
      })),
    },
  },
  testFiles: { [`${LIB}/src/lib/small.spec.ts`]: { source: SPEC, tests: [{ id: '0', name: 'doubles' }] } },
  libraryFiles: libraryFiles(root, LIB),
});

describe('tools/mutation/ci.js', () => {
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const baseline = join('tools/mutation/incremental', 'domain-small.json');
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'mutation-ci-'));
    write(`${LIB}/src/lib/small.ts`, SOURCE);
    write(`${LIB}/src/lib/small.spec.ts`, SPEC);
    write(`${LIB}/src/index.ts`, "export * from './lib/small';\n");
    write('scores.json', JSON.stringify({ libraries: { [LIB]: { score: 95 }, 'libs/domain/other': { score: 90 } } }));
    write(baseline, JSON.stringify(report(root, 19, 1)));
    // The stand-in for run.sh: writes the prepared report as Stryker would, says what it reused.
    write(
      'runner.js',
      `const fs = require('fs');
       if (!process.env.NEXT_REPORT) process.exit(3);
       fs.copyFileSync(process.env.NEXT_REPORT, ${JSON.stringify(join(root, baseline))});
       fs.appendFileSync(${JSON.stringify(join(root, 'calls'))}, process.argv[2] + '\\n');
       console.log('\\u001b[93m5\\u001b[39m of 21 mutant result(s) are reused.');`,
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const ci = (env: Record<string, string> = {}, budget = '600') =>
    spawnSync(
      process.execPath,
      [join(__dirname, 'ci.js'), '--root', root, '--scores', join(root, 'scores.json'), '--budget', budget],
      {
        encoding: 'utf8',
        env: { ...process.env, MUTATION_RUNNER: `node ${join(root, 'runner.js')}`, ...env },
      },
    );
  const next = (killed: number, survived: number) => {
    write('next.json', JSON.stringify(report(root, killed, survived)));
    return { NEXT_REPORT: join(root, 'next.json') };
  };
  const calls = () => {
    try {
      return readFileSync(join(root, 'calls'), 'utf8').trim().split('\n');
    } catch {
      return [];
    }
  };

  it('computes Stryker’s score: killed and timed out over all but errors and ignored', () => {
    expect(scoreOf(report(root, 19, 1))).toEqual({ mutants: 20, score: 95 });
    expect(
      scoreOf({
        files: {
          a: {
            mutants: [
              { status: 'Timeout' },
              { status: 'NoCoverage' },
              { status: 'Ignored' },
              { status: 'CompileError' },
            ],
          },
        },
      }),
    ).toEqual({ mutants: 2, score: 50 });
  });

  it('does not run an unchanged library and takes its baseline’s score; names libraries without a baseline', () => {
    const result = ci();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(calls()).toEqual([]);
    expect(result.stdout).toContain(
      'mutation: libs/domain/small 95.00% of 20 (recorded 95%, floor 93.00%) ok: unchanged since its baseline, not run',
    );
    expect(result.stdout).toContain('mutation: NOT CHECKED libs/domain/other (no baseline');
  });

  it('runs a changed library again and passes down to the recorded score minus 2', () => {
    write(`${LIB}/src/lib/small.spec.ts`, `${SPEC}it('doubles 0', () => expect(double(0)).toBe(0));\n`);
    const result = ci(next(28, 2)); // 93.33%
    expect(result.status).toBe(0);
    expect(calls()).toEqual([LIB]);
    expect(result.stdout).toMatch(
      /mutation: libs\/domain\/small 93\.33% of 30 \(recorded 95%, floor 93\.00%\) ok: src\/lib\/small\.spec\.ts changed; incremental run \d+ s, 5 of 21 results reused/,
    );
  });

  it('fails when a changed library falls more than 2 points under its recorded score', () => {
    write(`${LIB}/src/lib/small.ts`, `${SOURCE}export const half = (n: number) => n / 2;\n`);
    const result = ci(next(27, 3)); // 90%
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /mutation: libs\/domain\/small 90\.00% of 30 \(recorded 95%, floor 93\.00%\) FAIL: src\/lib\/small\.ts changed/,
    );
    expect(result.stderr).toContain('mutation: 1 failed');
  });

  it('fails on a committed baseline already under the floor, without running it', () => {
    write(baseline, JSON.stringify(report(root, 18, 2))); // 90%
    const result = ci();
    expect(result.status).toBe(1);
    expect(calls()).toEqual([]);
    expect(result.stderr).toContain('libs/domain/small 90.00% of 20 (recorded 95%, floor 93.00%) FAIL: unchanged');
  });

  it('sees files Stryker’s report leaves out: an added types-only file, a removed one, a changed index', () => {
    write(`${LIB}/src/lib/types.ts`, 'export type Small = number;\n');
    write(`${LIB}/src/index.ts`, "export * from './lib/small';\nexport * from './lib/types';\n");
    const result = ci(next(19, 1));
    expect(calls()).toEqual([LIB]);
    expect(result.stdout).toContain('src/index.ts changed, src/lib/types.ts added;');
    rmSync(join(root, `${LIB}/src/lib/types.ts`));
    expect(ci(next(19, 1)).stdout).toContain('src/lib/types.ts removed;');
  });

  it('starts no library once the time budget is spent, and says which were not checked', () => {
    write(`${LIB}/src/lib/small.ts`, `${SOURCE}// changed\n`);
    const result = ci(next(0, 30), '0');
    expect(result.status).toBe(0);
    expect(calls()).toEqual([]);
    expect(result.stdout).toContain(
      'mutation: NOT CHECKED libs/domain/small (1 files changed; the 0 s budget was spent)',
    );
  });

  it('fails when the mutation run itself fails', () => {
    write(`${LIB}/src/lib/small.ts`, `${SOURCE}// changed\n`);
    const result = ci({ NEXT_REPORT: '' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('mutation: libs/domain/small: FAILED to run (exit 3)');
  });

  it('keeps scores.json, docs/testing.md and the committed baselines consistent', () => {
    const repo = join(__dirname, '../..');
    const { libraries } = JSON.parse(readFileSync(join(__dirname, 'scores.json'), 'utf8')) as {
      libraries: Record<string, { score: number; mutants: number }>;
    };
    const testing = readFileSync(join(repo, 'docs/testing.md'), 'utf8');
    for (const [lib, { score, mutants }] of Object.entries(libraries)) {
      const name = lib.replace(/^libs\//, '');
      const row = testing.split('\n').find((line) => line.startsWith(`| ${name} |`) && line.includes('**'));
      expect([lib, Number(row?.match(/\*\*([\d.]+)%\*\*/)?.[1])]).toEqual([lib, score]);
      expect([lib, Number(row?.split('|')[2]?.trim())]).toEqual([lib, mutants]);
      const file = join(__dirname, 'incremental', `${lib.replace(/^libs\//, '').replace(/\//g, '-')}.json`);
      let committed: object | undefined;
      try {
        committed = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        committed = undefined;
      }
      if (committed) {
        // Recorded to two decimals, as docs/testing.md shows it (22 mutants: 86.36%, not 86.3636…).
        const actual = scoreOf(committed);
        expect([lib, { ...actual, score: Number(actual.score.toFixed(2)) }]).toEqual([lib, { mutants, score }]);
      }
    }
  });
});
