module.exports = {
  displayName: 's3',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/s3',
};
