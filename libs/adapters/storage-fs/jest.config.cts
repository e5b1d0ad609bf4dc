module.exports = {
  displayName: 'storage-fs',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/storage-fs',
};
