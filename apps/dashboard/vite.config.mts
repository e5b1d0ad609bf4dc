/// <reference types='vite/client' />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { initialJsBudget } from '../../tools/build/initial-js-budget.mjs';

/**
 * The owner dashboard, built into dist/apps/dashboard and served by the api at APP_URL
 * (apps/api/src/app/dashboard). `base: './'`: the built files name each other relatively, and the
 * api writes APP_URL's path into index.html's links, so one build serves any path.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  cacheDir: '../../node_modules/.vite/apps/dashboard',
  plugins: [react(), initialJsBudget({ limitBytes: 250 * 1024 })],
  resolve: { tsconfigPaths: true },
  build: {
    outDir: '../../dist/apps/dashboard',
    emptyOutDir: true,
    reportCompressedSize: true,
    // The api serves no source maps: they would be public.
    sourcemap: false,
    target: 'es2022',
  },
});
