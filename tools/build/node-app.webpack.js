const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { basename, join } = require('path');

/**
 * The webpack configuration of a NestJS app of ours: one self-contained `main.js` (plus any extra
 * entry points) in `dist/apps/<app>`, compiled by tsc, with a generated package.json for its image.
 *
 * @param {string} appDir the app's folder (`__dirname` of its webpack.config.js)
 * @param {{ additionalEntryPoints?: Array<{ entryName: string, entryPath: string }>, plugins?: unknown[] }} [extra]
 */
module.exports = function nodeAppWebpackConfig(appDir, extra = {}) {
  return {
    output: {
      path: join(__dirname, '../../dist/apps', basename(appDir)),
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
        additionalEntryPoints: extra.additionalEntryPoints ?? [],
        tsConfig: './tsconfig.app.json',
        optimization: false,
        outputHashing: 'none',
        generatePackageJson: true,
        sourceMap: true,
      }),
      ...(extra.plugins ?? []),
    ],
  };
};
