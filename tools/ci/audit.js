/**
 * The security audit of the production dependencies, run by .ci/run after `npm ci`:
 *   node tools/ci/audit.js [--report <npm audit --json output>] [--allowlist <file>] [--today YYYY-MM-DD]
 *
 * Runs `npm audit --omit=dev --json` (or reads a recorded report), takes every advisory out of
 * npm 11's report (the objects in each vulnerability's `via`; the strings there only say which
 * dependency carries an advisory further up), drops those the allow-list covers, and fails (exit 1)
 * when one of `high` or `critical` severity is left. `moderate` and `low` ones are printed, not
 * failed on: they are mostly denial-of-service findings in code paths a given app may not reach, and
 * a red build for each would teach people to ignore it; a reviewer sees them in the log.
 *
 * The allow-list (tools/ci/audit-allowlist.json) names an advisory by its GHSA id and the package it
 * is in, says why it does not apply to us, and until when that reasoning holds (`reviewBy`, at most
 * 366 days ahead). A passed `reviewBy` fails the run even when the audit itself cannot run, because
 * checking the list needs no network.
 *
 * When the registry refuses or cannot be reached (ours answers 405 to POST
 * /-/npm/v1/security/advisories/bulk), there is no report: the run prints one
 * `audit: SKIPPED, ...` line and exits 0, since that is the outside world and not the change under
 * test. It never prints "passed" then. AUDIT_REQUIRED=true turns the skip into a failure (for a CI
 * whose registry serves audits). Anything else npm says instead of a report (no lockfile, output
 * that is not JSON) is our problem and fails.
 */
const { spawnSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const FAILING = new Set(['high', 'critical']);
const MAX_REVIEW_DAYS = 366;
const GHSA = /^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/;

/** The advisories of a report, one per (advisory, package): { id, source, package, severity, title, url, range, directs, fix }. */
function advisoriesOf(report) {
  const vulnerabilities = report.vulnerabilities ?? {};
  const directsOf = (name, seen = new Set()) => {
    if (seen.has(name)) return [];
    seen.add(name);
    const vulnerability = vulnerabilities[name];
    if (!vulnerability) return [];
    const up = (vulnerability.effects ?? []).flatMap((effect) => directsOf(effect, seen));
    return vulnerability.isDirect ? [name, ...up] : up;
  };
  const found = new Map();
  for (const vulnerability of Object.values(vulnerabilities)) {
    for (const via of vulnerability.via ?? []) {
      if (typeof via !== 'object' || via === null) continue;
      const id = /\/(GHSA-[\w-]+)$/.exec(via.url ?? '')?.[1] ?? String(via.source);
      const key = `${id} ${via.name}`;
      if (found.has(key)) continue;
      found.set(key, {
        id,
        source: via.source,
        package: via.name,
        severity: via.severity,
        title: via.title,
        url: via.url,
        range: via.range,
        directs: [...new Set(directsOf(via.name))].sort(),
        fix: vulnerabilities[via.name]?.fixAvailable,
      });
    }
  }
  return [...found.values()];
}

/** Problems with the allow-list itself (shape, dates): each one fails the run. */
function allowListProblems(entries, today) {
  const problems = [];
  const seen = new Set();
  const latest = new Date(today.getTime() + MAX_REVIEW_DAYS * 86_400_000);
  entries.forEach((entry, index) => {
    const where = `allow-list entry ${index + 1} (${entry?.id ?? 'no id'} in ${entry?.package ?? 'no package'})`;
    if (typeof entry?.id !== 'string' || !(GHSA.test(entry.id) || /^\d+$/.test(entry.id)))
      problems.push(`${where}: "id" must be a GHSA id (GHSA-xxxx-xxxx-xxxx) or npm's numeric advisory id`);
    if (typeof entry?.package !== 'string' || entry.package === '') problems.push(`${where}: "package" is missing`);
    if (typeof entry?.why !== 'string' || entry.why.trim().length < 20)
      problems.push(`${where}: "why" must say why the advisory does not apply (a sentence, not a word)`);
    const reviewBy = /^\d{4}-\d{2}-\d{2}$/.test(entry?.reviewBy ?? '') ? new Date(`${entry.reviewBy}T00:00:00Z`) : null;
    if (!reviewBy || Number.isNaN(reviewBy.getTime())) problems.push(`${where}: "reviewBy" must be a date, YYYY-MM-DD`);
    else if (reviewBy < today)
      problems.push(
        `${where}: expired, its review was due ${entry.reviewBy}; check the advisory again and renew or remove it`,
      );
    else if (reviewBy > latest)
      problems.push(`${where}: "reviewBy" ${entry.reviewBy} is more than ${MAX_REVIEW_DAYS} days ahead`);
    const key = `${entry?.id} ${entry?.package}`;
    if (seen.has(key)) problems.push(`${where}: listed twice`);
    seen.add(key);
  });
  return problems;
}

/** What npm printed instead of a report: { kind: 'report' | 'unreachable' | 'broken', detail }. */
function classify(output) {
  let parsed;
  try {
    parsed = JSON.parse(output);
  } catch {
    return { kind: 'broken', detail: `npm audit printed no JSON: ${output.trim().slice(0, 200) || '(nothing)'}` };
  }
  if (parsed && typeof parsed === 'object' && parsed.vulnerabilities && typeof parsed.vulnerabilities === 'object')
    return { kind: 'report', report: parsed };
  // npm's audit-error.js prints { message, method, uri, headers, statusCode, body } when the bulk
  // advisory request fails: an HTTP status from the registry, or a connection error (no status).
  if (typeof parsed?.message === 'string' && /advisories\/bulk/.test(parsed.message)) {
    const status = parsed.statusCode;
    return {
      kind: 'unreachable',
      detail: status
        ? `the registry refused the audit endpoint (${status})`
        : `the audit endpoint could not be reached (${/reason: (.*)$/.exec(parsed.message)?.[1] ?? parsed.message})`,
    };
  }
  const error = parsed?.error;
  return {
    kind: 'broken',
    detail: `npm audit failed: ${[error?.code, error?.summary].filter(Boolean).join(' ') || JSON.stringify(parsed).slice(0, 200)}`,
  };
}

function main(argv) {
  const option = (name) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const root = join(__dirname, '../..');
  const today = new Date(`${option('--today') ?? new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const allowListFile = option('--allowlist') ?? join(__dirname, 'audit-allowlist.json');
  const required = process.env['AUDIT_REQUIRED'] === 'true';

  const entries = JSON.parse(readFileSync(allowListFile, 'utf8')).advisories ?? [];
  const problems = allowListProblems(entries, today);

  const reportFile = option('--report');
  const output = reportFile
    ? readFileSync(reportFile, 'utf8')
    : spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 }).stdout;
  const outcome = classify(output ?? '');

  if (outcome.kind === 'unreachable') {
    console.log(`audit: SKIPPED, ${outcome.detail}`);
    for (const problem of problems) console.error(`audit: ${problem}`);
    if (required) console.error('audit: AUDIT_REQUIRED=true, so a skipped audit fails');
    return problems.length > 0 || required ? 1 : 0;
  }
  if (outcome.kind === 'broken') {
    for (const problem of [outcome.detail, ...problems]) console.error(`audit: ${problem}`);
    return 1;
  }

  const advisories = advisoriesOf(outcome.report);
  const allowed = (advisory) =>
    entries.find(
      (entry) =>
        (entry.id === advisory.id || entry.id === String(advisory.source)) && entry.package === advisory.package,
    );
  const describe = (a) =>
    `${a.severity} ${a.id} in ${a.package} ${a.range}: ${a.title}` +
    (a.directs.length ? ` (through ${a.directs.join(', ')})` : '') +
    (a.fix === false
      ? ', no fix available'
      : a.fix?.isSemVerMajor
        ? `, fix: ${a.fix.name}@${a.fix.version} (major)`
        : '');

  const failing = [];
  for (const advisory of advisories) {
    const entry = allowed(advisory);
    if (entry) console.log(`audit: allowed until ${entry.reviewBy}: ${describe(advisory)} — ${entry.why}`);
    else if (FAILING.has(advisory.severity)) failing.push(advisory);
    else console.log(`audit: below the threshold (high): ${describe(advisory)}`);
  }
  for (const entry of entries)
    if (!advisories.some((advisory) => allowed(advisory) === entry))
      console.log(`audit: allow-list entry ${entry.id} in ${entry.package} matches nothing any more; remove it`);
  for (const advisory of failing) console.error(`audit: FAIL ${describe(advisory)}`);
  for (const problem of problems) console.error(`audit: ${problem}`);

  const dependencies = outcome.report.metadata?.dependencies?.prod;
  if (failing.length === 0 && problems.length === 0) {
    console.log(
      `audit: passed, ${dependencies ?? '?'} production dependencies, ${advisories.length} advisories, none high or critical outside the allow-list`,
    );
    return 0;
  }
  return 1;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));

module.exports = { advisoriesOf, allowListProblems, classify };
