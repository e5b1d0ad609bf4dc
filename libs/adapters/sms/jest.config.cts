module.exports = {
  displayName: 'sms',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/sms',
};
