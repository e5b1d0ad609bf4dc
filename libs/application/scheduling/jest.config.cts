module.exports = {
  displayName: 'application-scheduling',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/application/scheduling',
};
