module.exports = {
  displayName: 'antivirus',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/antivirus',
};
