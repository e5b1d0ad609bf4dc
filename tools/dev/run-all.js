// Runs the three built apps side by side (api, scheduler, webhook-dispatcher) with prefixed
// output, after making sure the database exists, and says where the owner dashboard is once the
// api listens (the api serves it at APP_URL). Ctrl-C (or SIGTERM) stops all three.
const { spawn, execFileSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
execFileSync(process.execPath, [join(__dirname, 'ensure-database.js')], { stdio: 'inherit' });

// The api runs with a 4 MiB young generation, as in its Dockerfile: it keeps a streaming 1 GiB
// upload well under the 200 MB memory target (docs/benchmarks.md).
const apps = [
  ['api', 'dist/apps/api/main.js', ['--max-semi-space-size=4']],
  ['scheduler', 'dist/apps/scheduler/main.js', []],
  ['dispatcher', 'dist/apps/webhook-dispatcher/main.js', []],
];
// APP_URL's default, as libs/platform/config has it.
const dashboard = process.env.APP_URL || 'http://127.0.0.1:3000';
let announced = false;

const children = apps.map(([name, entry, flags]) => {
  const child = spawn(process.execPath, [...flags, join(root, entry)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop();
      for (const line of lines) {
        process.stdout.write(`[${name}] ${line}\n`);
        if (name === 'api' && !announced && line.includes('api listening on')) {
          announced = true;
          process.stdout.write(`\nOwner dashboard: ${dashboard.replace(/\/?$/, '/')}\n\n`);
        }
      }
    });
  }
  child.on('exit', (code, signal) => {
    process.stdout.write(`[${name}] exited (${signal ?? code})\n`);
    if (!stopping) stop(code || 1);
  });
  return child;
});

let stopping = false;
function stop(code) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5_000).unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.on('exit', r))))).then(() =>
    process.exit(code),
  );
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
