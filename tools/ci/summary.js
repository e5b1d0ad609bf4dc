// Prints the closing line CI reads: "tests: N passed, N failed" (from Jest's JSON results).
const { existsSync, readFileSync } = require('node:fs');

const [file, status] = process.argv.slice(2);
let passed = 0;
let failed = 0;
if (file && existsSync(file)) {
  const results = JSON.parse(readFileSync(file, 'utf8'));
  passed = results.numPassedTests;
  failed = results.numFailedTests + (results.numRuntimeErrorTestSuites || 0);
}
if (Number(status) !== 0 && failed === 0) failed = 1; // lint, type-check or smoke failed
process.stdout.write(`\ntests: ${passed} passed, ${failed} failed\n`);
