module.exports = {
  displayName: 'api',
  preset: '../../jest.preset.js',
  coverageDirectory: '../../coverage/apps/api',
};
