module.exports = {
  displayName: 'domain-kernel',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/domain/kernel',
};
