module.exports = {
  displayName: 'portal-web',
  preset: '../../../jest.preset.js',
  coverageDirectory: '../../../coverage/libs/web/portal',
};
