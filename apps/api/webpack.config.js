const { readFileSync } = require('fs');
const { join } = require('path');
const { DefinePlugin } = require('webpack');
const nodeAppWebpackConfig = require('../../tools/build/node-app.webpack');

/** The portal page's script, written by `nx bundle portal-web` (this build depends on it). */
const PORTAL_WEB_BUNDLE = join(__dirname, '../../dist/libs/web/portal/portal.js');

module.exports = nodeAppWebpackConfig(__dirname, {
  additionalEntryPoints: [
    { entryName: 'migrate', entryPath: './src/migrate.ts' },
    { entryName: 'rekey-secrets', entryPath: './src/rekey-secrets.ts' },
    { entryName: 'reconcile-read-models', entryPath: './src/reconcile-read-models.ts' },
  ],
  plugins: [
    // Inlined as a string constant (portal-page.script.ts): main.js stays the whole app. Read when
    // the build runs, not when Nx loads this file; a missing bundle fails the build.
    new DefinePlugin({
      PORTAL_WEB_BUNDLE: DefinePlugin.runtimeValue(() => JSON.stringify(readFileSync(PORTAL_WEB_BUNDLE, 'utf8')), {
        fileDependencies: [PORTAL_WEB_BUNDLE],
      }),
    }),
  ],
});
