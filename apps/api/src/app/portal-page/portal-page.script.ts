/**
 * The portal page's browser script, bundled from libs/web/portal by esbuild (`nx bundle portal-web`,
 * see libs/web/portal/bundle.js): a build-time constant. `nx build api` inlines the bundle into
 * main.js (webpack's DefinePlugin, apps/api/webpack.config.js), so the running api never needs
 * esbuild or a file next to it; Jest defines it by bundling the sources on first use
 * (apps/api/jest.config.cts), so tests need no build.
 */
declare const PORTAL_WEB_BUNDLE: string | undefined;

function bundled(): string {
  if (typeof PORTAL_WEB_BUNDLE !== 'string') {
    throw new Error('The portal script is not bundled in: build the api with `nx build api`.');
  }
  return PORTAL_WEB_BUNDLE;
}

/** The script as served. */
export const PORTAL_SCRIPT: string = bundled();
