module.exports = {
  displayName: 'http',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/platform/http',
};
