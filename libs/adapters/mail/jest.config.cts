module.exports = {
  displayName: 'mail',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/mail',
};
