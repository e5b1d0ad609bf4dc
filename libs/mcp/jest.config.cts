module.exports = {
  displayName: 'mcp-tools',
  preset: '../../jest.preset.js',
  coverageDirectory: '../../coverage/libs/mcp',
};
