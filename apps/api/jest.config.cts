module.exports = {
  displayName: 'api',
  preset: '../../jest.preset.js',
  coverageDirectory: '../../coverage/apps/api',
  // The portal page's script from the sources of libs/web/portal (a build inlines the built file).
  setupFiles: ['<rootDir>/../../libs/web/portal/jest-setup-bundle.js'],
};
