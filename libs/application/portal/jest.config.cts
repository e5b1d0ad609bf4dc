module.exports = {
  displayName: 'application-portal',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/application/portal',
};
