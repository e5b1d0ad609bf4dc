module.exports = {
  displayName: 'domain-chase',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/domain/chase',
};
