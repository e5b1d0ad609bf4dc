/**
 * Offline checks of the deployment files, run by .ci/run (no cluster, no network):
 * - every document under deploy/kubernetes validates against the Kubernetes schemas of its
 *   apiVersion and kind (kubernetes-models: types, required fields, formats — not unknown keys);
 *   every kustomization's resources exist;
 * - every variable of .env.example is wired: in the ConfigMap intake-config or the Secret
 *   intake-secrets (secret ones in the Secret), and in no other;
 * - each Deployment has readiness /readyz and liveness /healthz on its port, requests and limits,
 *   a non-root, read-only, no-escalation securityContext, and takes both ConfigMap and Secret;
 *   the api and the dispatcher have a HorizontalPodAutoscaler; each app has a PodDisruptionBudget;
 *   a migration Job runs migrate.js; only the dispatcher may reach 0.0.0.0/0;
 * - docker/compose.yml: dependencies name real services, Dockerfiles exist, every variable it sets
 *   is one of .env.example.
 * Usage: node tools/containers/validate-deploy.js [repository root]   (exit 1 on any problem)
 */
const { readFileSync, readdirSync, statSync, existsSync } = require('node:fs');
const { join, relative, dirname } = require('node:path');
const YAML = require('yaml');

const root = process.argv[2] ?? join(__dirname, '../..');
const problems = [];
const problem = (where, what) => problems.push(`${where}: ${what}`);

function envExample() {
  const variables = new Map();
  let comment = '';
  for (const line of readFileSync(join(root, '.env.example'), 'utf8').split('\n')) {
    if (line.startsWith('#')) comment = line;
    const match = /^([A-Z0-9_]+)=/.exec(line);
    if (match) variables.set(match[1], { secret: comment.endsWith('(secret)') });
  }
  return variables;
}

function yamlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(name) ? [path] : [];
  });
}

function modelFor(apiVersion, kind) {
  const group = apiVersion.includes('/') ? apiVersion : `v1`;
  try {
    return require(`kubernetes-models/${group}/${kind}`)[kind];
  } catch {
    return undefined;
  }
}

const documents = [];
for (const file of yamlFiles(join(root, 'deploy/kubernetes'))) {
  const where = relative(root, file);
  const parsed = YAML.parseAllDocuments(readFileSync(file, 'utf8'));
  for (const doc of parsed) {
    if (doc.errors.length) {
      problem(where, doc.errors.map((e) => e.message).join('; '));
      continue;
    }
    const value = doc.toJS();
    if (value === null) continue;
    if (value.kind === 'Kustomization') {
      for (const resource of value.resources ?? []) {
        if (!existsSync(join(dirname(file), resource))) problem(where, `resource ${resource} does not exist`);
      }
      continue;
    }
    const Model = modelFor(value.apiVersion ?? '', value.kind ?? '');
    if (!Model) {
      problem(where, `no Kubernetes schema for ${value.apiVersion} ${value.kind}`);
      continue;
    }
    try {
      new Model(value).validate();
    } catch (error) {
      problem(`${where} ${value.kind}/${value.metadata?.name}`, error.message);
    }
    documents.push({ where, value });
  }
}

const named = (kind, name) => documents.find((d) => d.value.kind === kind && d.value.metadata?.name === name);
const ofKind = (kind) => documents.filter((d) => d.value.kind === kind);
const variables = envExample();

// Configuration: each variable exactly once, secrets in the Secret.
const configMap = named('ConfigMap', 'intake-config');
const secret = named('Secret', 'intake-secrets');
if (!configMap || !secret)
  problem('deploy/kubernetes', 'the ConfigMap intake-config and the Secret intake-secrets are required');
const inConfig = new Set(Object.keys(configMap?.value.data ?? {}));
const inSecret = new Set(Object.keys({ ...(secret?.value.data ?? {}), ...(secret?.value.stringData ?? {}) }));
for (const [name, { secret: isSecret }] of variables) {
  const where = isSecret ? 'Secret intake-secrets' : 'ConfigMap intake-config';
  if (!(isSecret ? inSecret : inConfig).has(name)) problem(where, `${name} (from .env.example) is missing`);
  if ((isSecret ? inConfig : inSecret).has(name))
    problem('deploy/kubernetes', `${name} is in the wrong object (secret: ${isSecret})`);
}
for (const name of [...inConfig, ...inSecret]) {
  if (!variables.has(name)) problem('deploy/kubernetes', `${name} is not a variable of .env.example`);
}

// The apps.
const APPS = { api: 'PORT', scheduler: 'SCHEDULER_PORT', 'webhook-dispatcher': 'DISPATCHER_PORT' };
function checkContainer(where, pod, container) {
  const sc = container.securityContext ?? {};
  const podSc = pod.securityContext ?? {};
  if (!(sc.runAsNonRoot ?? podSc.runAsNonRoot)) problem(where, 'runAsNonRoot is not set');
  if (sc.readOnlyRootFilesystem !== true) problem(where, 'readOnlyRootFilesystem is not true');
  if (sc.allowPrivilegeEscalation !== false) problem(where, 'allowPrivilegeEscalation is not false');
  if (!sc.capabilities?.drop?.includes('ALL')) problem(where, 'capabilities are not all dropped');
  for (const kind of ['requests', 'limits']) {
    if (!container.resources?.[kind]?.cpu || !container.resources?.[kind]?.memory)
      problem(where, `resources.${kind} needs cpu and memory`);
  }
  const refs = (container.envFrom ?? []).map((e) => e.configMapRef?.name ?? e.secretRef?.name);
  if (!refs.includes('intake-config') || !refs.includes('intake-secrets'))
    problem(where, 'envFrom must take intake-config and intake-secrets');
}
for (const [app, portVariable] of Object.entries(APPS)) {
  const deployment = named('Deployment', `intake-${app}`);
  if (!deployment) {
    problem('deploy/kubernetes', `no Deployment intake-${app}`);
    continue;
  }
  const where = `${deployment.where} Deployment/intake-${app}`;
  const pod = deployment.value.spec.template.spec;
  const container = pod.containers[0];
  checkContainer(where, pod, container);
  const port = Number(configMap?.value.data?.[portVariable]);
  const http = (container.ports ?? []).find((p) => p.name === 'http');
  if (http?.containerPort !== port)
    problem(where, `containerPort ${http?.containerPort} is not ${portVariable}=${port}`);
  if (container.readinessProbe?.httpGet?.path !== '/readyz') problem(where, 'the readiness probe must GET /readyz');
  if (container.livenessProbe?.httpGet?.path !== '/healthz') problem(where, 'the liveness probe must GET /healthz');
  for (const probe of ['readinessProbe', 'livenessProbe']) {
    if (container[probe]?.httpGet?.port !== 'http') problem(where, `${probe} must use the http port`);
  }
  const labels = deployment.value.spec.template.metadata.labels;
  const selects = (selector) => Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  if (!ofKind('PodDisruptionBudget').some((d) => selects(d.value.spec.selector)))
    problem(where, 'no PodDisruptionBudget selects it');
  const hpa = ofKind('HorizontalPodAutoscaler').find((d) => d.value.spec.scaleTargetRef.name === `intake-${app}`);
  if (app !== 'scheduler' && !hpa) problem(where, 'no HorizontalPodAutoscaler scales it');
}
const job = ofKind('Job').find((d) => (d.value.spec.template.spec.containers[0].command ?? []).includes('migrate.js'));
if (!job) problem('deploy/kubernetes', 'no Job runs migrate.js');
else
  checkContainer(
    `${job.where} Job/${job.value.metadata.name}`,
    job.value.spec.template.spec,
    job.value.spec.template.spec.containers[0],
  );
if (configMap && configMap.value.data.DB_MIGRATE_ON_START !== 'false')
  problem('ConfigMap intake-config', 'DB_MIGRATE_ON_START must be false (the Job migrates)');

// Only the dispatcher reaches the internet.
for (const { where, value } of ofKind('NetworkPolicy')) {
  const open = (value.spec.egress ?? []).some((rule) =>
    (rule.to ?? []).some((peer) => ['0.0.0.0/0', '::/0'].includes(peer.ipBlock?.cidr)),
  );
  const onlyDispatcher =
    value.spec.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'intake-webhook-dispatcher';
  if (open && !onlyDispatcher)
    problem(`${where} NetworkPolicy/${value.metadata.name}`, 'only the dispatcher may reach 0.0.0.0/0');
}
if (
  !ofKind('NetworkPolicy').some(
    (d) =>
      Object.keys(d.value.spec.podSelector ?? {}).length === 0 &&
      (d.value.spec.policyTypes ?? []).includes('Egress') &&
      !d.value.spec.egress,
  )
) {
  problem('deploy/kubernetes', 'no default-deny NetworkPolicy');
}

// Compose.
const composePath = join(root, 'docker/compose.yml');
const compose = YAML.parseDocument(readFileSync(composePath, 'utf8'), { merge: true });
if (compose.errors.length) problem('docker/compose.yml', compose.errors.map((e) => e.message).join('; '));
const services = compose.toJS({ maxAliasCount: 100 }).services ?? {};
for (const [name, service] of Object.entries(services)) {
  const where = `docker/compose.yml services.${name}`;
  if (!service.image && !service.build) problem(where, 'needs an image or a build');
  if (
    service.build &&
    !existsSync(join(dirname(composePath), service.build.context ?? '.', service.build.dockerfile ?? 'Dockerfile'))
  ) {
    problem(where, `Dockerfile ${service.build.dockerfile} does not exist`);
  }
  const deps = Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});
  for (const dep of deps) if (!services[dep]) problem(where, `depends on an unknown service ${dep}`);
  if (service.build) {
    for (const variable of Object.keys(service.environment ?? {})) {
      if (!variables.has(variable)) problem(where, `${variable} is not a variable of .env.example`);
    }
  }
}

const counted = `${documents.length} Kubernetes objects, ${Object.keys(services).length} compose services, ${variables.size} variables`;
if (problems.length) {
  process.stderr.write(
    `validate-deploy: ${problems.length} problem(s) in ${counted}:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`,
  );
  process.exit(1);
}
process.stdout.write(`validate-deploy: ${counted}: valid\n`);
