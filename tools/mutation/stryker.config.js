// StrykerJS on one library at a time (MUTATE_LIB=libs/domain/chase or libs/application/files):
// `npm run mutation -- libs/domain/chase`. Needs Node >= 22 (Stryker 10): tools/mutation/run.sh
// puts Node 24 first on PATH.
//
// Incremental: the previous result of each library is kept in the repository,
// tools/mutation/incremental/<lib>.json (Stryker's full mutation-testing report, with the source
// of every mutated and test file). A run reuses the result of every mutant whose code and
// covering tests did not change and tests only the others, then rewrites the file; commit it with
// the change. MUTATION_FORCE=true tests every mutant again (a new baseline).
// MUTATION_CONCURRENCY=1 runs one test runner instead of two (a machine whose cores are shared).
// MUTATION_TIMEOUT_MS: see timeoutMS below.
// MUTATION_IGNORE_STATIC=true leaves the static mutants (module-level code, each needing the whole
// suite) untested, marked Ignored: a first pass on a large library. The next run without it tests
// exactly those (Stryker never reuses an Ignored result) and reuses the rest.
const path = require('node:path');

const lib = process.env.MUTATE_LIB;
if (!lib) throw new Error('MUTATE_LIB is not set (e.g. libs/domain/chase)');
const name = lib.replace(/^libs\//, '').replace(/\//g, '-');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
module.exports = {
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    configFile: path.join(__dirname, 'jest.lib.config.js'),
    // MUTATION_RELATED_TESTS=true: each mutant runs only the spec files that import its file, through
    // the library's own imports (Jest's --findRelatedTests), not every spec file of the library.
    // Much faster where each spec file loads a lot (application libraries); a test that reaches the
    // file only through another library (@intake/testing) is left out, so it can only lose kills.
    enableFindRelatedTests: process.env.MUTATION_RELATED_TESTS === 'true',
  },
  mutate: [`${lib}/src/**/*.ts`, '!**/*.spec.ts', '!**/index.ts'],
  inPlace: true,
  coverageAnalysis: 'perTest',
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  incremental: true,
  incrementalFile: `tools/mutation/incremental/${name}.json`,
  force: process.env.MUTATION_FORCE === 'true',
  ignoreStatic: process.env.MUTATION_IGNORE_STATIC === 'true',
  thresholds: { high: 90, low: 80, break: null },
  // A mutant whose tests outrun this (on top of 1.5 times their unmutated time) counts as timed out,
  // that is detected: on a loaded machine, MUTATION_TIMEOUT_MS=60000 keeps slowness from passing for
  // detection (a real endless loop is still caught by Stryker's hit counter).
  timeoutMS: Number(process.env.MUTATION_TIMEOUT_MS ?? 10000),
};
