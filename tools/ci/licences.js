/**
 * The licences of the production dependencies, as license-checker-rseidelsohn reads them from
 * node_modules (`--production`: package.json "dependencies" and everything they pull in):
 *   node tools/ci/licences.js --write   regenerate docs/licences.md
 *   node tools/ci/licences.js --check   CI (.ci/run): fail on a licence outside the policy, and when
 *                                       docs/licences.md differs from what the installed lock gives
 * Options for tests: --input <license-checker JSON> --lock <package-lock.json> --out <markdown>
 * --exceptions <file>.
 *
 * Policy (docs/security.md): a licence is accepted without review when it is permissive and
 * compatible with our MIT licence (ALLOWED below). An SPDX expression is accepted when every part
 * joined by AND is, and one side of each OR is. Everything else (weak copyleft such as LGPL or
 * MPL, a custom licence, UNKNOWN, a licence the checker only guessed from a file, marked `*`) needs
 * an entry in tools/ci/licence-exceptions.json naming the package, the exact licence string the
 * checker reports (so a change of licence is noticed) and why it is acceptable. An entry nothing
 * matches any more fails too, so the list stays what it claims to be.
 *
 * Packages built for one OS and CPU (lock entries with `os` or `cpu`, e.g. @swc/core-linux-x64-gnu)
 * are installed or not depending on the machine, so the list in docs/licences.md names them from
 * the lock instead of from node_modules; the policy still checks the ones installed here.
 */
const { spawnSync } = require('node:child_process');
const { lstatSync, readFileSync, realpathSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

const ALLOWED = new Set([
  'MIT',
  'MIT-0',
  'ISC',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  '0BSD',
  'BlueOak-1.0.0',
  'CC0-1.0',
  'Unlicense',
  'Python-2.0',
  'Zlib',
]);

/** Whether an SPDX expression is accepted by ALLOWED alone (no parentheses inside an operand). */
function allowedExpression(expression) {
  const tokens = expression
    .replace(/[()]/g, (p) => ` ${p} `)
    .trim()
    .split(/\s+/);
  let at = 0;
  const atom = () => {
    if (tokens[at] === '(') {
      at++;
      const value = or();
      if (tokens[at++] !== ')') return false;
      return value;
    }
    const id = tokens[at++];
    if (tokens[at] === 'WITH') {
      at += 2; // a licence exception (e.g. LLVM-exception) is a text of its own: review it
      return false;
    }
    return ALLOWED.has(id);
  };
  const and = () => {
    let value = atom();
    while (tokens[at] === 'AND') {
      at++;
      value = atom() && value;
    }
    return value;
  };
  const or = () => {
    let value = and();
    while (tokens[at] === 'OR') {
      at++;
      value = and() || value;
    }
    return value;
  };
  const value = or();
  return value && at === tokens.length;
}

const licenceOf = (info) =>
  Array.isArray(info.licenses) ? info.licenses.join(' AND ') : String(info.licenses ?? 'UNKNOWN');
const split = (key) => ({ name: key.slice(0, key.lastIndexOf('@')), version: key.slice(key.lastIndexOf('@') + 1) });
const cell = (text) => String(text).replace(/\|/g, '\\|');

/** Platform packages of the production tree, from the lock: [{ name, version, licence }]. */
function platformPackages(lock) {
  const found = new Map();
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (!path || entry.dev || !(entry.os || entry.cpu)) continue;
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    found.set(`${name}@${entry.version}`, {
      name,
      version: entry.version,
      licence: entry.license ?? '(not in the lock)',
    });
  }
  return [...found.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** { problems, markdown } for license-checker's JSON, the lock and the exception list. */
function evaluate(checked, lock, exceptions) {
  const platform = new Set(platformPackages(lock).map((p) => p.name));
  const problems = [];
  const used = new Set();
  const rows = [];
  for (const key of Object.keys(checked).sort()) {
    const { name, version } = split(key);
    const licence = licenceOf(checked[key]);
    let note = '';
    if (!allowedExpression(licence)) {
      const exception = exceptions.find((e) => e.package === name && e.licence === licence);
      if (exception) {
        used.add(exception);
        note = 'reviewed exception';
      } else {
        const listed = exceptions.find((e) => e.package === name);
        problems.push(
          `${name}@${version}: licence "${licence}" is not in the policy` +
            (listed ? ` (its exception is for "${listed.licence}": the licence changed, review it again)` : '') +
            '; see docs/security.md (Dependencies)',
        );
      }
    }
    if (!platform.has(name)) rows.push({ name, version, licence, note });
  }
  // What license-checker found must be what the lock says a production install holds: a partial
  // read (a stale node_modules, or arborist reading a symlinked one) would otherwise pass quietly.
  const installed = new Set(rows.map((r) => `${r.name}@${r.version}`));
  const locked = new Set();
  for (const [path, entry] of Object.entries(lock.packages ?? {}))
    if (path && !entry.dev && !entry.os && !entry.cpu)
      locked.add(`${path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${entry.version}`);
  const missing = [...locked].filter((p) => !installed.has(p)).sort();
  const extra = [...installed].filter((p) => !locked.has(p)).sort();
  if (missing.length > 0 || extra.length > 0)
    problems.push(
      `the installed production packages are not the lock's (run npm ci): ${missing.length} in the lock and not seen` +
        (missing.length ? ` (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', ...' : ''})` : '') +
        `, ${extra.length} seen and not in the lock` +
        (extra.length ? ` (${extra.slice(0, 5).join(', ')}${extra.length > 5 ? ', ...' : ''})` : ''),
    );
  for (const exception of exceptions) {
    if (typeof exception.why !== 'string' || exception.why.trim().length < 20)
      problems.push(`licence exception for ${exception.package}: "why" must say why the licence is acceptable`);
    if (!used.has(exception))
      problems.push(
        `licence exception for ${exception.package} ("${exception.licence}") matches no production dependency; remove it`,
      );
  }

  const counts = new Map();
  for (const row of rows) counts.set(row.licence, (counts.get(row.licence) ?? 0) + 1);
  const lines = [
    '# Licences of the production dependencies',
    '',
    'Generated by `node tools/ci/licences.js --write` from what license-checker-rseidelsohn reads in',
    '`node_modules` for the production dependencies (package.json `dependencies` and all they pull in).',
    'Do not edit by hand: CI (`.ci/run`) fails when this file differs from what the installed lock',
    'gives, and when a licence is outside the policy in [security.md](security.md#dependencies).',
    '',
    `${rows.length} packages. By licence:`,
    '',
    '| licence | packages |',
    '|---|---:|',
    ...[...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([l, n]) => `| ${cell(l)} | ${n} |`),
    '',
    '## Reviewed exceptions',
    '',
    'Licences outside the policy, each looked at (tools/ci/licence-exceptions.json):',
    '',
    '| package | licence | why it is acceptable |',
    '|---|---|---|',
    ...exceptions.map((e) => `| ${cell(e.package)} | ${cell(e.licence)} | ${cell(e.why)} |`),
    '',
    '## Every package',
    '',
    '| package | version | licence | |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${cell(r.name)} | ${r.version} | ${cell(r.licence)} | ${r.note} |`),
    '',
    '## Platform binaries',
    '',
    'Built for one OS and CPU and installed only there, so listed from the lock, not from',
    '`node_modules`:',
    '',
    '| package | version | licence (lock) |',
    '|---|---|---|',
    ...platformPackages(lock).map((p) => `| ${cell(p.name)} | ${p.version} | ${cell(p.licence)} |`),
    '',
  ];
  return { problems, markdown: lines.join('\n') };
}

function main(argv) {
  const option = (name) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const root = join(__dirname, '../..');
  const out = option('--out') ?? join(root, 'docs/licences.md');
  const exceptions = JSON.parse(
    readFileSync(option('--exceptions') ?? join(__dirname, 'licence-exceptions.json'), 'utf8'),
  ).exceptions;
  const lock = JSON.parse(readFileSync(option('--lock') ?? join(root, 'package-lock.json'), 'utf8'));
  let checked;
  if (option('--input')) checked = JSON.parse(readFileSync(option('--input'), 'utf8'));
  else {
    const bin = join(root, 'node_modules/license-checker-rseidelsohn/bin/license-checker-rseidelsohn.js');
    // A worktree whose node_modules is a symlink to another checkout's: arborist reads a symlinked
    // node_modules only in part, so read the checkout that really holds it.
    const modules = join(root, 'node_modules');
    const start = lstatSync(modules).isSymbolicLink() ? dirname(realpathSync(modules)) : root;
    if (start !== root) console.log(`licences: node_modules is a link, reading the packages of ${start}`);
    const run = spawnSync(
      process.execPath,
      [bin, '--production', '--excludePrivatePackages', '--json', '--start', start],
      { encoding: 'utf8', maxBuffer: 64 << 20 },
    );
    if (run.status !== 0) {
      console.error(`licences: license-checker-rseidelsohn failed (${run.status}): ${run.stderr.trim()}`);
      return 1;
    }
    checked = JSON.parse(run.stdout);
  }

  const { problems, markdown } = evaluate(checked, lock, exceptions);
  for (const problem of problems) console.error(`licences: ${problem}`);
  if (argv.includes('--write')) {
    writeFileSync(out, markdown);
    console.log(`licences: wrote ${relative(root, out)}`);
  } else {
    let committed = '';
    try {
      committed = readFileSync(out, 'utf8');
    } catch {
      committed = '';
    }
    if (committed !== markdown) {
      const before = new Set(committed.split('\n'));
      const after = new Set(markdown.split('\n'));
      const removed = [...before].filter((l) => !after.has(l));
      const added = [...after].filter((l) => !before.has(l));
      console.error(
        `licences: ${relative(root, out)} is not what the installed dependencies give; run node tools/ci/licences.js --write`,
      );
      for (const line of removed.slice(0, 20)) console.error(`  - ${line}`);
      for (const line of added.slice(0, 20)) console.error(`  + ${line}`);
      problems.push('drift');
    }
  }
  if (problems.length > 0) return 1;
  const count = Object.keys(checked).length;
  console.log(
    `licences: ${count} production packages installed here, every licence allowed or a reviewed exception${argv.includes('--write') ? '' : ', docs/licences.md up to date'}`,
  );
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));

module.exports = { allowedExpression, evaluate };
