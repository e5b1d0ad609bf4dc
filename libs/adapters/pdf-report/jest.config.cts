module.exports = {
  displayName: 'pdf-report',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/pdf-report',
};
