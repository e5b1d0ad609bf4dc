// Bundles the portal page's script (src/main.ts) with esbuild: one minified ES2020 IIFE, no
// source map, nothing else on the page to load.
//
// `nx bundle portal-web` runs this file: it writes dist/libs/web/portal/portal.js, prints its raw
// and gzipped size and fails when the gzipped script is over the budget. `nx build api` depends on
// it and inlines the file into main.js (apps/api/webpack.config.js); the api run from its sources
// (Jest, swc-node) calls bundlePortalScript() instead, so tests need no build.
const { buildSync } = require('esbuild');
const { mkdirSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const { gzipSync } = require('node:zlib');

const ROOT = join(__dirname, '..', '..', '..');
const OUTPUT = join(ROOT, 'dist', 'libs', 'web', 'portal', 'portal.js');
/** Bytes of the gzipped script (SI: 30 KB). */
const GZIP_BUDGET = 30_000;

/**
 * The portal page never runs an owner's pattern: the server is the authority on values (docs/adr/0012-owner-patterns-on-re2.md;
 * docs/security.md, "Design notes: owner-supplied regular expressions"). @intake/domain-items compiles patterns with RE2's WebAssembly
 * build, which reads its .wasm file from disk; the page gets a stand-in that refuses to be used, and
 * tree-shaking leaves even that out.
 */
const SERVER_ONLY_PATTERN_ENGINE = join(__dirname, 'server-only-pattern-engine.js');

/** The script as served. */
function bundlePortalScript() {
  const result = buildSync({
    entryPoints: [join(__dirname, 'src', 'main.ts')],
    tsconfig: join(__dirname, 'tsconfig.lib.json'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    alias: { 're2-wasm/build/wasm/re2': SERVER_ONLY_PATTERN_ENGINE },
  });
  return result.outputFiles[0].text;
}

const kilobytes = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

function main() {
  const script = bundlePortalScript();
  const raw = Buffer.byteLength(script);
  const gzipped = gzipSync(script).length;
  mkdirSync(join(OUTPUT, '..'), { recursive: true });
  writeFileSync(OUTPUT, script);
  console.log(
    `portal-web: ${relative(ROOT, OUTPUT)} ${kilobytes(raw)} raw, ${kilobytes(gzipped)} gzipped ` +
      `(budget ${kilobytes(GZIP_BUDGET)} gzipped)`,
  );
  if (gzipped > GZIP_BUDGET) {
    console.error(`portal-web: the gzipped script is over its budget by ${gzipped - GZIP_BUDGET} bytes`);
    process.exitCode = 1;
  }
}

module.exports = { bundlePortalScript, GZIP_BUDGET, OUTPUT };

if (require.main === module) main();
