module.exports = {
  displayName: 'webhook-http',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/webhook-http',
};
