import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const APPS = ['api', 'scheduler', 'webhook-dispatcher'] as const;

/** Starts an app's real main.ts (compiled on the fly by swc) and returns how it ended. */
function start(app: (typeof APPS)[number], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['-r', '@swc-node/register', join(root, 'apps', app, 'src', 'main.ts')], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', SWC_NODE_PROJECT: join(root, 'tsconfig.base.json'), ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr.trim() };
}

describe('start-up configuration check', () => {
  it.each(APPS)('%s stops with one line naming a malformed variable', (app) => {
    const { status, stderr } = start(app, { DATABASE_URL: 'mysql://nope' });
    expect(status).toBe(78);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/configuration error: DATABASE_URL /);
  });

  it.each(APPS)('%s refuses TEST_CLOCK=enabled with NODE_ENV=production', (app) => {
    const { status, stderr } = start(app, { NODE_ENV: 'production', TEST_CLOCK: 'enabled' });
    expect(status).toBe(78);
    expect(stderr).toMatch(/^[a-z-]+: configuration error: TEST_CLOCK cannot be enabled when NODE_ENV=production$/);
  });

  it('names a missing conditional variable', () => {
    const { status, stderr } = start('api', { STORAGE_DRIVER: 's3' });
    expect(status).toBe(78);
    expect(stderr).toBe('api: configuration error: S3_ENDPOINT is required when STORAGE_DRIVER=s3');
  });
});
