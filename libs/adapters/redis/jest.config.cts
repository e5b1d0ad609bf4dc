module.exports = {
  displayName: 'redis',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/adapters/redis',
};
