/** tools/ci/licences.js: the licence policy, the reviewed exceptions and the drift check of docs/licences.md. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Checked = Record<string, { licenses: string | string[] }>;

describe('tools/ci/licences.js', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'licences-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** The lock of a production install holding exactly `checked` (plus one dev and two platform packages). */
  const lockOf = (checked: Checked) => ({
    packages: {
      '': { name: 'app' },
      ...Object.fromEntries(
        Object.keys(checked).map((key) => {
          const at = key.lastIndexOf('@');
          return [`node_modules/${key.slice(0, at)}`, { version: key.slice(at + 1) }];
        }),
      ),
      'node_modules/jest': { version: '30.3.0', dev: true, license: 'MIT' },
      'node_modules/@swc/core-linux-x64-gnu': {
        version: '1.16.22',
        optional: true,
        os: ['linux'],
        cpu: ['x64'],
        license: 'Apache-2.0 AND MIT',
      },
      'node_modules/@swc/core-darwin-arm64': { version: '1.16.22', optional: true, os: ['darwin'], cpu: ['arm64'] },
    },
  });
  const run = (
    mode: '--write' | '--check',
    checked: Checked,
    exceptions: object[] = [],
    lock: object = lockOf(checked),
  ) => {
    writeFileSync(join(dir, 'checked.json'), JSON.stringify(checked));
    writeFileSync(join(dir, 'lock.json'), JSON.stringify(lock));
    writeFileSync(join(dir, 'exceptions.json'), JSON.stringify({ exceptions }));
    const options = [
      '--input',
      'checked.json',
      '--lock',
      'lock.json',
      '--exceptions',
      'exceptions.json',
      '--out',
      'licences.md',
    ];
    return spawnSync(
      process.execPath,
      [
        join(__dirname, 'licences.js'),
        mode,
        ...options.map((o) => (o.endsWith('.json') || o.endsWith('.md') ? join(dir, o) : o)),
      ],
      {
        encoding: 'utf8',
      },
    );
  };
  const why = 'Used unmodified as a separate library loaded at run time.';
  const base: Checked = {
    'pg@8.23.1': { licenses: 'MIT' },
    're2-wasm@1.0.2': { licenses: 'Apache-2.0' },
    'tslib@2.8.1': { licenses: '0BSD' },
    'js-yaml@4.1.0': { licenses: 'MIT' },
    'argparse@2.0.1': { licenses: 'Python-2.0' },
    'sax@1.6.1': { licenses: 'BlueOak-1.0.0' },
    'dual@1.0.0': { licenses: '(MIT OR GPL-3.0-or-later)' },
    '@swc/core-linux-x64-gnu@1.16.22': { licenses: 'Apache-2.0 AND MIT' },
  };

  it('writes the list, which the check then finds up to date; platform binaries come from the lock', () => {
    expect(run('--write', base).status).toBe(0);
    const written = readFileSync(join(dir, 'licences.md'), 'utf8');
    expect(written).toContain('7 packages. By licence:');
    expect(written).toContain('| re2-wasm | 1.0.2 | Apache-2.0 |  |');
    expect(written).toContain('| @swc/core-darwin-arm64 | 1.16.22 | (not in the lock) |');
    expect(written).not.toContain('| @swc/core-linux-x64-gnu | 1.16.22 | Apache-2.0 AND MIT |  |');
    const check = run('--check', base);
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    expect(check.stdout).toBe(
      'licences: 8 production packages installed here, every licence allowed or a reviewed exception, docs/licences.md up to date\n',
    );
  });

  it('fails when the committed list differs from what the installed packages give', () => {
    run('--write', base);
    const upgraded: Checked = { ...base, 'pg@8.24.0': { licenses: 'MIT' } };
    delete upgraded['pg@8.23.1'];
    const result = run('--check', upgraded);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'licences.md is not what the installed dependencies give; run node tools/ci/licences.js --write',
    );
    expect(result.stderr).toContain('  - | pg | 8.23.1 | MIT |  |');
    expect(result.stderr).toContain('  + | pg | 8.24.0 | MIT |  |');
  });

  it('fails when node_modules does not hold what the lock lists', () => {
    const partial = { ...base };
    delete partial['sax@1.6.1'];
    const result = run('--write', partial, [], lockOf(base));
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      "licences: the installed production packages are not the lock's (run npm ci): 1 in the lock and not seen (sax@1.6.1), 0 seen and not in the lock\n",
    );
  });

  it.each([
    ['GPL-3.0', 'GPL-3.0'],
    ['a copyleft side of an AND', 'MIT AND GPL-3.0'],
    ['a licence exception', 'Apache-2.0 WITH LLVM-exception'],
    ['LGPL without a reviewed exception', 'LGPL-3.0'],
    ['MPL-2.0 without a reviewed exception', 'MPL-2.0'],
    ['a guessed licence', 'MIT*'],
    ['an unknown licence', 'UNKNOWN'],
    ['a custom licence', 'Custom: LICENSE'],
  ])('refuses %s', (_, licence) => {
    const result = run('--write', { ...base, 'odd@1.0.0': { licenses: licence } });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `licences: odd@1.0.0: licence "${licence}" is not in the policy; see docs/security.md (Dependencies)\n`,
    );
  });

  it('accepts a reviewed exception for the licence it names, and only that one', () => {
    const lgpl = { ...base, 'libheif-js@1.23.2': { licenses: 'LGPL-3.0' } };
    const exception = { package: 'libheif-js', licence: 'LGPL-3.0', why };
    expect(run('--write', lgpl, [exception]).status).toBe(0);
    expect(readFileSync(join(dir, 'licences.md'), 'utf8')).toContain(
      '| libheif-js | 1.23.2 | LGPL-3.0 | reviewed exception |',
    );

    const relicensed = run('--write', { ...base, 'libheif-js@1.24.0': { licenses: 'GPL-3.0' } }, [exception]);
    expect(relicensed.status).toBe(1);
    expect(relicensed.stderr).toContain(
      'licences: libheif-js@1.24.0: licence "GPL-3.0" is not in the policy (its exception is for "LGPL-3.0": the licence changed, review it again)',
    );
    expect(relicensed.stderr).toContain(
      'licence exception for libheif-js ("LGPL-3.0") matches no production dependency; remove it',
    );
  });

  it('refuses an exception without a reason', () => {
    const result = run('--write', { ...base, 'png-js@2.0.0': { licenses: 'MIT*' } }, [
      { package: 'png-js', licence: 'MIT*', why: 'ok' },
    ]);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'licences: licence exception for png-js: "why" must say why the licence is acceptable\n',
    );
  });
});
