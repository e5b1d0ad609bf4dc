module.exports = {
  displayName: 'postgres-results',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/postgres-results',
};
