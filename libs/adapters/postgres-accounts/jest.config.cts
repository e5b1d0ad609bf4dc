module.exports = {
  displayName: 'postgres-accounts',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/postgres-accounts',
};
