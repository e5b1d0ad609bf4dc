const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { readFileSync } = require('fs');
const { join } = require('path');
const { DefinePlugin } = require('webpack');

/** The portal page's script, written by `nx bundle portal-web` (this build depends on it). */
const PORTAL_WEB_BUNDLE = join(__dirname, '../../dist/libs/web/portal/portal.js');

module.exports = {
  output: {
    path: join(__dirname, '../../dist/apps/api'),
    clean: true,
    ...(process.env.NODE_ENV !== 'production' && {
      devtoolModuleFilenameTemplate: '[absolute-resource-path]',
    }),
  },
  plugins: [
    new NxAppWebpackPlugin({
      target: 'node',
      compiler: 'tsc',
      main: './src/main.ts',
      additionalEntryPoints: [{ entryName: 'migrate', entryPath: './src/migrate.ts' }],
      tsConfig: './tsconfig.app.json',
      optimization: false,
      outputHashing: 'none',
      generatePackageJson: true,
      sourceMap: true,
    }),
    // Inlined as a string constant (portal-page.script.ts): main.js stays the whole app. Read when
    // the build runs, not when Nx loads this file; a missing bundle fails the build.
    new DefinePlugin({
      PORTAL_WEB_BUNDLE: DefinePlugin.runtimeValue(() => JSON.stringify(readFileSync(PORTAL_WEB_BUNDLE, 'utf8')), {
        fileDependencies: [PORTAL_WEB_BUNDLE],
      }),
    }),
  ],
};
