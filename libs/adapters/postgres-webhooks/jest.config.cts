module.exports = {
  displayName: 'postgres-webhooks',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/postgres-webhooks',
};
