module.exports = {
  displayName: 'postgres-chasing',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/postgres-chasing',
};
