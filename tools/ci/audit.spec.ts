/**
 * tools/ci/audit.js on recorded `npm audit --omit=dev --json` output (npm 11). refused-405.json,
 * unreachable.json and no-lockfile.json are what npm 11.19 printed here (our registry's 405, a closed
 * port, a folder without a lockfile); clean.json and vulnerable.json are written in the shape of
 * npm 11's report (arborist's AuditReport/Vuln toJSON) with real GHSA advisories.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const fixture = (name: string) => join(__dirname, 'fixtures/audit', `${name}.json`);
const TODAY = '2026-11-28';

describe('tools/ci/audit.js', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'audit-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const audit = (report: string, advisories: object[] = [], env: Record<string, string> = {}) => {
    const allowList = join(dir, 'allowlist.json');
    writeFileSync(allowList, JSON.stringify({ advisories }));
    return spawnSync(
      process.execPath,
      [join(__dirname, 'audit.js'), '--report', fixture(report), '--allowlist', allowList, '--today', TODAY],
      { encoding: 'utf8', env: { ...process.env, AUDIT_REQUIRED: '', ...env } },
    );
  };
  const entry = (id: string, pkg: string, reviewBy = '2027-02-28') => ({
    id,
    package: pkg,
    why: 'The vulnerable function is never called with input from outside.',
    reviewBy,
  });

  it('passes a report without advisories and says how many dependencies it covered', () => {
    const result = audit('clean');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      'audit: passed, 425 production dependencies, 0 advisories, none high or critical outside the allow-list\n',
    );
  });

  it('fails on high and critical advisories, naming the direct dependency that brings each in', () => {
    const result = audit('vulnerable');
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'audit: FAIL critical GHSA-fjxv-7rqg-78g4 in form-data >=4.0.0 <4.0.4: form-data uses unsafe random function in form-data for choosing boundary (through minio)',
      'audit: FAIL high GHSA-9wv6-86v2-598j in path-to-regexp <0.1.10: path-to-regexp outputs backtracking regular expressions (through @nestjs/platform-express)',
    ]);
    // Low and moderate ones are shown, not failed on; the metavulns (express, minio, ...) are not advisories of their own.
    expect(result.stdout).toContain('below the threshold (high): low GHSA-pxg6-pf52-xh8x in cookie');
    expect(result.stdout).toContain('below the threshold (high): moderate GHSA-c76h-2ccp-4975 in undici');
    expect(result.stdout).not.toContain('passed');
  });

  it('subtracts the allow-list: covered advisories are printed with the reason, the rest still fail', () => {
    const one = audit('vulnerable', [entry('GHSA-9wv6-86v2-598j', 'path-to-regexp')]);
    expect(one.status).toBe(1);
    expect(one.stdout).toContain(
      'audit: allowed until 2027-02-28: high GHSA-9wv6-86v2-598j in path-to-regexp <0.1.10: path-to-regexp outputs backtracking regular expressions (through @nestjs/platform-express) — The vulnerable function',
    );
    expect(one.stderr).toContain('FAIL critical GHSA-fjxv-7rqg-78g4 in form-data');
    expect(one.stderr).not.toContain('path-to-regexp');

    const both = audit('vulnerable', [entry('GHSA-9wv6-86v2-598j', 'path-to-regexp'), entry('1109540', 'form-data')]);
    expect(both.stderr).toBe('');
    expect(both.status).toBe(0);
    expect(both.stdout).toContain('audit: passed, 425 production dependencies, 4 advisories');
  });

  it('matches an entry only for the package it names', () => {
    const result = audit('vulnerable', [
      entry('GHSA-9wv6-86v2-598j', 'express'),
      entry('GHSA-fjxv-7rqg-78g4', 'form-data'),
    ]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('FAIL high GHSA-9wv6-86v2-598j in path-to-regexp');
    expect(result.stdout).toContain(
      'allow-list entry GHSA-9wv6-86v2-598j in express matches nothing any more; remove it',
    );
  });

  it('fails on an expired entry, even when the advisory is covered and even when the audit cannot run', () => {
    const expired = [entry('GHSA-9wv6-86v2-598j', 'path-to-regexp', '2026-11-27'), entry('1109540', 'form-data')];
    const message =
      'allow-list entry 1 (GHSA-9wv6-86v2-598j in path-to-regexp): expired, its review was due 2026-11-27; check the advisory again and renew or remove it';
    const covered = audit('vulnerable', expired);
    expect(covered.status).toBe(1);
    expect(covered.stderr).toContain(message);
    const skipped = audit('refused-405', expired);
    expect(skipped.status).toBe(1);
    expect(skipped.stderr).toContain(message);
    // The day itself is still inside the review period.
    expect(audit('clean', [entry('GHSA-9wv6-86v2-598j', 'path-to-regexp', TODAY)]).status).toBe(0);
  });

  it('refuses entries without a reason, with a bad id or date, too far ahead, or listed twice', () => {
    const result = audit('clean', [
      { id: 'GHSA-9wv6-86v2-598j', package: 'path-to-regexp', why: 'n/a', reviewBy: '2027-01-01' },
      {
        id: 'CVE-2024-45296',
        package: 'path-to-regexp',
        why: 'The route patterns are ours, never a client’s.',
        reviewBy: '2027-01-01',
      },
      entry('GHSA-fjxv-7rqg-78g4', 'form-data', '28.02.2027'),
      entry('GHSA-pxg6-pf52-xh8x', 'cookie', '2027-11-30'),
      entry('GHSA-c76h-2ccp-4975', 'undici'),
      entry('GHSA-c76h-2ccp-4975', 'undici'),
    ]);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'audit: allow-list entry 1 (GHSA-9wv6-86v2-598j in path-to-regexp): "why" must say why the advisory does not apply (a sentence, not a word)',
      'audit: allow-list entry 2 (CVE-2024-45296 in path-to-regexp): "id" must be a GHSA id (GHSA-xxxx-xxxx-xxxx) or npm\'s numeric advisory id',
      'audit: allow-list entry 3 (GHSA-fjxv-7rqg-78g4 in form-data): "reviewBy" must be a date, YYYY-MM-DD',
      'audit: allow-list entry 4 (GHSA-pxg6-pf52-xh8x in cookie): "reviewBy" 2027-11-30 is more than 366 days ahead',
      'audit: allow-list entry 6 (GHSA-c76h-2ccp-4975 in undici): listed twice',
    ]);
  });

  it('says SKIPPED, not passed, when the registry refuses or cannot be reached, and fails then if required', () => {
    const refused = audit('refused-405');
    expect(refused.status).toBe(0);
    expect(refused.stdout).toBe('audit: SKIPPED, the registry refused the audit endpoint (405)\n');
    const unreachable = audit('unreachable');
    expect(unreachable.status).toBe(0);
    expect(unreachable.stdout).toBe(
      'audit: SKIPPED, the audit endpoint could not be reached (connect ECONNREFUSED 127.0.0.1:9)\n',
    );
    const required = audit('refused-405', [], { AUDIT_REQUIRED: 'true' });
    expect(required.status).toBe(1);
    expect(required.stderr).toBe('audit: AUDIT_REQUIRED=true, so a skipped audit fails\n');
  });

  it('fails when npm cannot audit for a reason of ours, or prints no report', () => {
    const noLock = audit('no-lockfile');
    expect(noLock.status).toBe(1);
    expect(noLock.stderr).toBe('audit: npm audit failed: ENOLOCK This command requires an existing lockfile.\n');
    writeFileSync(join(dir, 'garbage.json'), 'npm error code E500\n');
    const garbage = spawnSync(
      process.execPath,
      [join(__dirname, 'audit.js'), '--report', join(dir, 'garbage.json'), '--allowlist', fixture('clean')],
      { encoding: 'utf8' },
    );
    expect(garbage.status).toBe(1);
    expect(garbage.stderr).toBe('audit: npm audit printed no JSON: npm error code E500\n');
  });

  it('keeps the committed allow-list valid', () => {
    const result = spawnSync(
      process.execPath,
      [
        join(__dirname, 'audit.js'),
        '--report',
        fixture('clean'),
        '--allowlist',
        join(__dirname, 'audit-allowlist.json'),
      ],
      { encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
