module.exports = {
  displayName: 'domain-bounce',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/domain/bounce',
};
