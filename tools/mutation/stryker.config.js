// StrykerJS on one library at a time (MUTATE_LIB=libs/domain/chase): `npm run mutation -- libs/domain/chase`.
// Needs Node >= 22 (Stryker 10): tools/mutation/run.sh puts Node 24 first on PATH.
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
    enableFindRelatedTests: false,
  },
  mutate: [`${lib}/src/**/*.ts`, '!**/*.spec.ts', '!**/index.ts'],
  inPlace: true,
  coverageAnalysis: 'perTest',
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  thresholds: { high: 90, low: 80, break: null },
  timeoutMS: 10000,
};
