module.exports = {
  displayName: 'domain-webhooks',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/domain/webhooks',
};
