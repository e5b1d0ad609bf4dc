module.exports = {
  displayName: 'domain-chase-mail',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/domain/chase-mail',
};
