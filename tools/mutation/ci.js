/**
 * CI's incremental mutation check (.ci/run, after the tests pass):
 *   node tools/mutation/ci.js [--budget <seconds>]
 *
 * Every library with a recorded score (tools/mutation/scores.json, the figures of docs/testing.md)
 * is compared with its committed baseline, tools/mutation/incremental/<lib>.json: Stryker's last
 * full report, holding the source of each mutated file and test file. A library none of whose
 * files differs from the baseline (same mutated files and test files, same contents) costs
 * nothing: its score is the baseline's. A library that changed is run again with
 * `tools/mutation/run.sh` in Stryker's incremental mode, which reuses the result of every mutant
 * whose code and covering tests did not change and tests only the others. Comparing with the
 * committed baseline rather than with a git merge-base means a fresh clone of main, without
 * history, has what it needs.
 *
 * Fails (exit 1) when a library's score is under its recorded score minus 2 points, or when
 * Stryker fails. Libraries are taken smallest first, and none is started once the time budget
 * (--budget, MUTATION_BUDGET_SECONDS, default 600 s) is spent; a running one is never stopped,
 * because Stryker mutates the files in place. Those left over, and libraries without a baseline,
 * are named on the last lines: they were not checked.
 *
 * What Stryker's diff does not see: a change in another library the tests use (a domain library
 * under an application library's tests, @intake/testing) reuses the old results. A full run
 * (MUTATION_FORCE=true npm run mutation -- <lib>) rebuilds a baseline.
 *
 *   node tools/mutation/ci.js --slim <lib>   run.sh's last step: drops what differs between machines
 *                                            (stack traces, absolute paths, config) from the
 *                                            baseline and records the hash of each library file
 */
const { spawnSync } = require('node:child_process');
const { existsSync, readFileSync, readdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { createHash } = require('node:crypto');

const MARGIN = 2;
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
/** Colour codes: Stryker colours its counts even when its output goes to a file. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Stryker's mutation score: detected / (detected + undetected); errors and ignored ones do not count. */
function scoreOf(report) {
  let detected = 0;
  let undetected = 0;
  for (const file of Object.values(report.files))
    for (const mutant of file.mutants) {
      if (DETECTED.has(mutant.status)) detected++;
      else if (UNDETECTED.has(mutant.status)) undetected++;
    }
  const valid = detected + undetected;
  return { mutants: valid, score: valid === 0 ? 100 : (detected / valid) * 100 };
}

const nameOf = (lib) => lib.replace(/^libs\//, '').replace(/\//g, '-');

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Every file under the library's src/ and test/ with the SHA-256 of its content. */
function libraryFiles(root, lib) {
  const files = {};
  for (const path of [...walk(join(root, lib, 'src')), ...walk(join(root, lib, 'test'))].sort())
    files[
      path
        .slice(root.length + 1)
        .split('\\')
        .join('/')
    ] = createHash('sha256').update(readFileSync(path)).digest('hex');
  return files;
}

/**
 * The files of `lib` that differ from the baseline: [{ file, change: 'changed' | 'removed' | 'added' }].
 * Compares every file of the library (run.sh records them in the baseline as `libraryFiles`: Stryker's
 * report only holds files with mutants and test files), so a types-only file or a fixture counts too.
 */
function changesOf(report, root, lib) {
  const before = report.libraryFiles ?? {};
  const now = libraryFiles(root, lib);
  const changes = [];
  for (const file of Object.keys(before))
    if (!(file in now)) changes.push({ file, change: 'removed' });
    else if (now[file] !== before[file]) changes.push({ file, change: 'changed' });
  for (const file of Object.keys(now)) if (!(file in before)) changes.push({ file, change: 'added' });
  return changes;
}

/** run.sh's last step: drop what differs between machines and runs, record the library's files. */
function slim(root, lib) {
  const file = join(root, 'tools/mutation/incremental', `${nameOf(lib)}.json`);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  delete report.config;
  delete report.projectRoot;
  for (const entry of Object.values(report.files)) for (const mutant of entry.mutants) delete mutant.statusReason;
  report.libraryFiles = libraryFiles(root, lib);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

function main(argv) {
  const option = (name) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const root = option('--root') ?? join(__dirname, '../..');
  if (option('--slim')) {
    slim(root, option('--slim'));
    return 0;
  }
  const budget = Number(option('--budget') ?? process.env['MUTATION_BUDGET_SECONDS'] ?? 600);
  const scores = JSON.parse(readFileSync(option('--scores') ?? join(__dirname, 'scores.json'), 'utf8')).libraries;
  const baselineOf = (lib) => join(root, 'tools/mutation/incremental', `${nameOf(lib)}.json`);
  const runner = process.env['MUTATION_RUNNER'] ?? 'bash tools/mutation/run.sh';
  const started = Date.now();

  const libs = Object.keys(scores).map((lib) => {
    const file = baselineOf(lib);
    const baseline = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
    return { lib, baseline, size: baseline ? scoreOf(baseline).mutants : Infinity };
  });
  libs.sort((a, b) => a.size - b.size || (a.lib < b.lib ? -1 : 1));

  const failures = [];
  const unchecked = [];
  for (const { lib, baseline } of libs) {
    const recorded = scores[lib].score;
    const floor = recorded - MARGIN;
    if (!baseline) {
      unchecked.push(
        `${lib} (no baseline: npm run mutation -- ${lib}, then commit its tools/mutation/incremental file)`,
      );
      continue;
    }
    const changes = changesOf(baseline, root, lib);
    let result = scoreOf(baseline);
    let how = 'unchanged since its baseline, not run';
    if (changes.length > 0) {
      const elapsed = (Date.now() - started) / 1000;
      if (elapsed >= budget) {
        unchecked.push(`${lib} (${changes.length} files changed; the ${budget} s budget was spent)`);
        continue;
      }
      const log = join(root, 'tmp/mutation', `${nameOf(lib)}.log`);
      const run = spawnSync('bash', ['-c', `mkdir -p tmp/mutation && ${runner} ${lib} > ${log} 2>&1`], {
        cwd: root,
        stdio: 'inherit',
        env: process.env,
      });
      const seconds = Math.round((Date.now() - started) / 1000 - elapsed);
      if (run.status !== 0) {
        failures.push(`${lib}: the mutation run failed (exit ${run.status}); see ${log}`);
        console.error(`mutation: ${lib}: FAILED to run (exit ${run.status}), log ${log}`);
        continue;
      }
      const reused = /(\d+) of (\d+) mutant result\(s\) are reused/.exec(readFileSync(log, 'utf8').replace(ANSI, ''));
      result = scoreOf(JSON.parse(readFileSync(baselineOf(lib), 'utf8')));
      how =
        `${changes.map((c) => `${c.file.slice(lib.length + 1)} ${c.change}`).join(', ')}; incremental run ${seconds} s` +
        (reused ? `, ${reused[1]} of ${reused[2]} results reused` : '');
    }
    const verdict = result.score < floor ? 'FAIL' : 'ok';
    const line = `mutation: ${lib} ${result.score.toFixed(2)}% of ${result.mutants} (recorded ${recorded}%, floor ${floor.toFixed(2)}%) ${verdict}: ${how}`;
    if (verdict === 'FAIL') {
      console.error(line);
      failures.push(`${lib}: ${result.score.toFixed(2)}% is under ${recorded}% − ${MARGIN}`);
    } else {
      console.log(line);
      if (result.score > recorded + 0.005)
        console.log(
          `mutation: ${lib} is above its recorded score: record ${result.score.toFixed(2)}% in tools/mutation/scores.json and docs/testing.md`,
        );
    }
  }
  for (const lib of unchecked) console.log(`mutation: NOT CHECKED ${lib}`);
  const total = Math.round((Date.now() - started) / 1000);
  if (failures.length > 0) {
    console.error(`mutation: ${failures.length} failed in ${total} s`);
    return 1;
  }
  console.log(
    `mutation: ${libs.length - unchecked.length} libraries at or above their floor, ${unchecked.length} not checked, ${total} s`,
  );
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));

module.exports = { scoreOf, changesOf, libraryFiles };
