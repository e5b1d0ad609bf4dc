module.exports = {
  displayName: 'mcp-stdio',
  preset: '../../jest.preset.js',
  coverageDirectory: '../../coverage/apps/mcp',
};
