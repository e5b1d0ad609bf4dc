module.exports = {
  displayName: 'application-time',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/application/time',
};
