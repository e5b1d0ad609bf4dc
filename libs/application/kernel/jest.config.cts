module.exports = {
  displayName: 'kernel',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/application/kernel',
};
