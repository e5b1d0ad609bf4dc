module.exports = {
  displayName: 'domain-accounts',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/domain/accounts',
};
