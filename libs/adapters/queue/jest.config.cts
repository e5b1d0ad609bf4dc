module.exports = {
  displayName: 'queue',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/queue',
};
