module.exports = {
  displayName: 'tracing',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/tracing',
};
