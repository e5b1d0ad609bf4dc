module.exports = {
  displayName: 'clock',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/clock',
};
