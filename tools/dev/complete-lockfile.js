// Our npm mirror holds only the Linux x64 builds of packages that ship one native binary per
// platform (@swc/core-*, msgpackr-extract-*, unrs resolver bindings, sass-embedded-*). npm then
// writes package-lock.json without entries for the other platforms, and `npm ci` refuses the lock
// as "out of sync". This adds the entries a full registry would have written: each optional, with
// the os/cpu/libc that make npm skip it on every other platform (it is never fetched here).
// Run after `npm install` changes the lock: node tools/dev/complete-lockfile.js
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const file = join(__dirname, '..', '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64'];

function platformOf(name) {
  const base = name.split('/').pop();
  if (base.endsWith('-all-unknown')) return { cpu: ['!arm', '!arm64', '!riscv64', '!x64'] };
  if (base.endsWith('-unknown-all')) return { os: ['!android', '!darwin', '!linux', '!win32'] };
  const parts = base.split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os || !cpu) return undefined;
  const entry = { os: [os], cpu: [cpu] };
  if (os === 'linux') entry.libc = [parts.some((p) => p.startsWith('musl')) ? 'musl' : 'glibc'];
  return entry;
}

let added = 0;
for (const [path, pkg] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = path === '' ? '' : `${path}/`;
    // npm looks the dependency up next to its parent first, then at the top level.
    if (packages[`${base}node_modules/${name}`] || packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    const exact = version.match(/^\d+\.\d+\.\d+[^\s]*/)[0];
    packages[`node_modules/${name}`] = {
      version: exact,
      resolved: `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${exact}.tgz`,
      optional: true,
      ...platform,
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`complete-lockfile: added ${added} platform entries`);
