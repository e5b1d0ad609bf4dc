module.exports = {
  displayName: 'webhook-dispatcher',
  preset: '../../jest.preset.js',
  coverageDirectory: '../../coverage/apps/webhook-dispatcher',
};
