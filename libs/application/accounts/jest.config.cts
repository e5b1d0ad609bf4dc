module.exports = {
  displayName: 'application-accounts',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/application/accounts',
};
