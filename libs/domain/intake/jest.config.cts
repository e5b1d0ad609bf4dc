module.exports = {
  displayName: 'domain-intake',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/domain/intake',
};
