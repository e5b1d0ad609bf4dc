module.exports = {
  displayName: 'application-intakes',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/application/intakes',
};
