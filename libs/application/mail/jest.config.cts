module.exports = {
  displayName: 'application-mail',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/application/mail',
};
