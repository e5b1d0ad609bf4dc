module.exports = {
  displayName: 'secret-box',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/secret-box',
};
