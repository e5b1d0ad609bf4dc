// Jest setup of the projects that serve the portal script (apps/api/jest.config.cts). It defines
// the build-time constant PORTAL_WEB_BUNDLE, which `nx build api` inlines into main.js, as the
// same bundle made from the sources when a test first reads it, so tests need no build.
const { bundlePortalScript } = require('./bundle');

let script;
Object.defineProperty(globalThis, 'PORTAL_WEB_BUNDLE', {
  configurable: true,
  get: () => (script ??= bundlePortalScript()),
});
