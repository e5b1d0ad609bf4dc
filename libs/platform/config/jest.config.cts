module.exports = {
  displayName: 'config',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/platform/config',
};
