/** The offline deployment check (.ci/run) passes on our files and catches what it is there for. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const validate = (dir: string) =>
  spawnSync(process.execPath, [join(__dirname, 'validate-deploy.js'), dir], { encoding: 'utf8' });

describe('tools/containers/validate-deploy.js', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'validate-deploy-'));
    for (const path of ['deploy', 'docker', '.env.example'])
      cpSync(join(root, path), join(dir, path), { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const edit = (path: string, from: string | RegExp, to: string) => {
    const file = join(dir, path);
    const text = readFileSync(file, 'utf8');
    const changed = text.replace(from, to);
    expect(changed).not.toBe(text);
    writeFileSync(file, changed);
  };

  it('finds the repository’s manifests and compose file valid', () => {
    const result = validate(dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Kubernetes objects, \d+ compose services, \d+ variables: valid/);
  }, 30_000);

  it('reports schema errors, unwired variables, weak pods, open egress and compose typos', () => {
    edit('deploy/kubernetes/base/apps/webhook-dispatcher.yaml', 'containerPort: 3002', 'containerPort: "3002"');
    edit('deploy/kubernetes/base/config/configmap.yaml', /^ {2}SIGNUP: .*\n/m, '');
    edit('deploy/kubernetes/base/apps/api.yaml', 'readOnlyRootFilesystem: true', 'readOnlyRootFilesystem: false');
    edit('deploy/kubernetes/base/apps/scheduler.yaml', 'path: /readyz', 'path: /healthz');
    edit(
      'deploy/kubernetes/base/apps/networkpolicy.yaml',
      'app.kubernetes.io/name: intake-webhook-dispatcher',
      'app.kubernetes.io/name: intake-api',
    );
    edit('docker/compose.yml', '  LOG_LEVEL: info', '  LOG_LEVL: info');
    const result = validate(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('containerPort must be integer');
    expect(result.stderr).toContain('SIGNUP (from .env.example) is missing');
    expect(result.stderr).toContain('Deployment/intake-api: readOnlyRootFilesystem is not true');
    expect(result.stderr).toContain('Deployment/intake-scheduler: the readiness probe must GET /readyz');
    expect(result.stderr).toContain('only the dispatcher may reach 0.0.0.0/0');
    expect(result.stderr).toContain('LOG_LEVL is not a variable of .env.example');
  }, 30_000);
});
