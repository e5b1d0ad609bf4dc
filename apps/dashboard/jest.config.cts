module.exports = {
  displayName: 'dashboard',
  preset: '../../jest.preset.js',
  coverageDirectory: '../../coverage/apps/dashboard',
};
