module.exports = {
  displayName: 'postgres-files',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/postgres-files',
};
