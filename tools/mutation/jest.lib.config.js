// The library's jest config as a plain .js with an absolute rootDir, for Stryker's custom project.
const path = require('node:path');

const root = path.join(__dirname, '..', '..');
const lib = process.env.MUTATE_LIB;

module.exports = {
  ...require(path.join(root, 'jest.preset.js')),
  rootDir: path.join(root, lib),
  displayName: lib,
};
