module.exports = {
  displayName: 'webhook-verify',
  preset: '../../jest.preset.js',
  coverageDirectory: '../../coverage/libs/webhook-verify',
};
