module.exports = {
  displayName: 'application-sms',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/application/sms',
};
