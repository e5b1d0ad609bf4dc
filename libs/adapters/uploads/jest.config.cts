module.exports = {
  displayName: 'uploads',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/uploads',
};
