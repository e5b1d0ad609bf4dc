module.exports = {
  displayName: 'application-chasing',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/application/chasing',
};
