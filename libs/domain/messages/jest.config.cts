module.exports = {
  displayName: 'domain-messages',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/domain/messages',
};
