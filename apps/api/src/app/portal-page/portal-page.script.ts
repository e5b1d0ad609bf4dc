import { join } from 'node:path';

/**
 * The portal page's browser script, bundled from libs/web/portal by esbuild (`nx bundle portal-web`,
 * see libs/web/portal/bundle.js). `nx build api` inlines the bundle into main.js as the constant
 * PORTAL_WEB_BUNDLE (webpack's DefinePlugin, apps/api/webpack.config.js) and drops the other
 * branch below, so the built api never loads esbuild. Run from its TypeScript sources (Jest,
 * swc-node), the api bundles the script when this module loads (about 70 ms): no build needed.
 */
declare const PORTAL_WEB_BUNDLE: string | undefined;

/** The bundler, from this file in the sources; a computed path, so that Nx does not take it for a part of the app. */
const BUNDLER = ['..', '..', '..', '..', '..', 'libs', 'web', 'portal', 'bundle.js'];

/** The script as served. */
export const PORTAL_SCRIPT: string =
  typeof PORTAL_WEB_BUNDLE === 'string'
    ? PORTAL_WEB_BUNDLE
    : (require(join(__dirname, ...BUNDLER)) as { bundlePortalScript(): string }).bundlePortalScript();
