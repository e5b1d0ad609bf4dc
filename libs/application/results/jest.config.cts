module.exports = {
  displayName: 'application-results',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/application/results',
};
