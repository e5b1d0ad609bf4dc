module.exports = {
  displayName: 'scheduler',
  preset: '../../jest.preset.js',
  coverageDirectory: '../../coverage/apps/scheduler',
};
