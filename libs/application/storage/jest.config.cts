module.exports = {
  displayName: 'application-storage',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/application/storage',
};
