module.exports = {
  displayName: 'application-webhooks',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/application/webhooks',
};
