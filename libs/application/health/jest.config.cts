module.exports = {
  displayName: 'application-health',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/application/health',
};
