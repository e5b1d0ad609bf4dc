module.exports = {
  displayName: 'application-files',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/application/files',
};
