module.exports = {
  displayName: 'errors',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/domain/errors',
};
