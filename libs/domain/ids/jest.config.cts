module.exports = {
  displayName: 'ids',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/domain/ids',
};
