import nx from '@nx/eslint-plugin';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';

/**
 * Two dimensions of boundaries, both enforced by @nx/enforce-module-boundaries from the tags in
 * each project.json (docs/architecture.md):
 *
 * Layers (type:*), docs/architecture.md "The layers":
 *   domain      -> domain
 *   application -> domain, application
 *   adapter     -> domain, application, adapter
 *   platform    -> domain, application, platform   (Nest edge plumbing shared by the apps)
 *   web         -> web, domain                    (browser code: no Node, no Nest)
 *   web-app     -> web, domain, sdk (its types)   (the owner dashboard, apps/dashboard: browser code too)
 *   testing     -> anything but apps
 *   app         -> anything but other apps (Nx itself forbids importing an app) and the test harness
 *
 * Bounded contexts (scope:*): a context reaches only the shared kernel, the platform, itself and
 * the contexts listed for it in CONTEXTS, and those only through their index (the published
 * interface; deep imports are refused below) or through a port it declares itself and the app
 * binds. The shared kernel depends on nothing; the platform only on the shared kernel.
 */
export const CONTEXTS = {
  accounts: [],
  intakes: ['accounts', 'webhooks'],
  portal: ['accounts', 'intakes'],
  files: ['accounts', 'intakes', 'portal'],
  chasing: ['accounts', 'intakes', 'webhooks'],
  webhooks: ['accounts'],
  results: ['accounts', 'intakes', 'files'],
};

const scope = (name) => `scope:${name}`;
const CONTEXT_SCOPES = Object.keys(CONTEXTS).map(scope);

const layerConstraints = [
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:domain'] },
  {
    sourceTag: 'type:application',
    onlyDependOnLibsWithTags: ['type:domain', 'type:application'],
  },
  {
    sourceTag: 'type:adapter',
    onlyDependOnLibsWithTags: ['type:domain', 'type:application', 'type:adapter'],
  },
  {
    sourceTag: 'type:platform',
    onlyDependOnLibsWithTags: ['type:domain', 'type:application', 'type:platform'],
  },
  { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:web', 'type:domain'] },
  // The dashboard takes the API's types from the SDK (@intake/sdk-types), never its Node runtime.
  { sourceTag: 'type:web-app', onlyDependOnLibsWithTags: ['type:web', 'type:domain', 'type:sdk'] },
  // The published client: no framework, only the shared webhook verifier.
  { sourceTag: 'type:sdk', onlyDependOnLibsWithTags: ['type:sdk', 'type:domain'] },
  {
    sourceTag: 'type:testing',
    onlyDependOnLibsWithTags: ['type:domain', 'type:application', 'type:adapter', 'type:platform', 'type:testing'],
  },
  {
    sourceTag: 'type:tools',
    onlyDependOnLibsWithTags: ['type:domain', 'type:application', 'type:adapter', 'type:platform', 'type:testing', 'type:sdk'],
  },
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: ['type:domain', 'type:application', 'type:adapter', 'type:platform', 'type:web', 'type:sdk'],
  },
];

const scopeConstraints = [
  { sourceTag: 'scope:shared-kernel', onlyDependOnLibsWithTags: ['scope:shared-kernel'] },
  { sourceTag: 'scope:platform', onlyDependOnLibsWithTags: ['scope:shared-kernel', 'scope:platform'] },
  { sourceTag: 'scope:sdk', onlyDependOnLibsWithTags: ['scope:shared-kernel', 'scope:sdk'] },
  ...Object.entries(CONTEXTS).map(([context, reaches]) => ({
    sourceTag: scope(context),
    onlyDependOnLibsWithTags: ['scope:shared-kernel', 'scope:platform', scope(context), ...reaches.map(scope)],
  })),
  {
    sourceTag: 'scope:app',
    onlyDependOnLibsWithTags: ['scope:shared-kernel', 'scope:platform', ...CONTEXT_SCOPES, 'scope:sdk'],
  },
  {
    sourceTag: 'scope:testing',
    onlyDependOnLibsWithTags: ['scope:shared-kernel', 'scope:platform', ...CONTEXT_SCOPES, 'scope:testing'],
  },
  {
    sourceTag: 'scope:tools',
    onlyDependOnLibsWithTags: ['scope:shared-kernel', 'scope:platform', ...CONTEXT_SCOPES, 'scope:testing', 'scope:sdk'],
  },
];

export const depConstraints = [...layerConstraints, ...scopeConstraints];

/** The same rules for test files, plus the test harness for every layer above the domain. */
export const testDepConstraints = depConstraints.map((constraint) => {
  if (constraint.sourceTag === 'type:domain') return constraint;
  const harness = constraint.sourceTag.startsWith('type:') ? 'type:testing' : 'scope:testing';
  return {
    ...constraint,
    onlyDependOnLibsWithTags: [...new Set([...constraint.onlyDependOnLibsWithTags, harness])],
  };
});

function boundaryOptions(constraints, ignoredCircularDependencies = []) {
  return {
    enforceBuildableLibDependency: true,
    // Build configuration shares helpers from tools/ (eslint and webpack configs), not code.
    allow: ['^.*/eslint(\\.base)?\\.config\\.[cm]?[jt]s$', '^(\\.\\./)+tools/build/[\\w.-]+$'],
    depConstraints: constraints,
    ignoredCircularDependencies,
  };
}

/**
 * The test harness implements every context's ports (in-memory twins), so a project's tests that
 * use it form a cycle through it: harmless, as production code may never import the harness (the
 * type:testing constraint). Those projects declare `"implicitDependencies": ["!testing"]`, which
 * keeps the cycle out of the project graph, and their test files may import the harness here.
 */
const PROJECTS = ['apps', 'libs'].flatMap((root) =>
  readdirSync(new URL(root, import.meta.url), { recursive: true })
    .filter((path) => path.endsWith('project.json') && !path.includes('node_modules'))
    .map((path) => JSON.parse(readFileSync(new URL(`${root}/${path}`, import.meta.url), 'utf8')).name),
);
const TEST_TIME_CYCLES = PROJECTS.filter((name) => name !== 'testing').map((name) => [name, 'testing']);

/** Another library is reached through its alias alone (its index), never a path inside it. */
const deepImports = {
  group: ['@intake/*/**'],
  message: 'Import another library through its index (@intake/<name>): its internals are not its interface.',
};

const io = ['fs', 'fs/*', 'node:fs', 'node:fs/*', 'net', 'node:net', 'http', 'node:http', 'https', 'node:https'];
const drivers = ['pg', 'typeorm', 'typeorm/*', 'ioredis', 'bullmq', 'minio', 'nodemailer', 'fastify'];

/** Packages a domain library may never import: frameworks, drivers and I/O. */
export const domainBannedImports = ['@nestjs/*', ...drivers, ...io, 'child_process', 'node:child_process'];

/** Application code reaches I/O and drivers only through ports. */
export const applicationBannedImports = ['@nestjs/*', ...drivers, ...io];

const restrictedImports = (...groups) => ['error', { patterns: [deepImports, ...groups] }];

/** Domain code is deterministic: time, randomness, the environment and loading come from outside. */
const domainPurity = {
  'no-restricted-imports': restrictedImports({
    group: domainBannedImports,
    message: 'Domain code is pure: no framework, driver or I/O imports.',
  }),
  'no-restricted-globals': [
    'error',
    { name: 'process', message: 'Domain code receives configuration as arguments.' },
    { name: 'require', message: 'Domain code imports statically.' },
    { name: 'setTimeout', message: 'Domain code does not schedule; return a time and let the caller wait.' },
    { name: 'setInterval', message: 'Domain code does not schedule; return a time and let the caller wait.' },
    { name: 'setImmediate', message: 'Domain code does not schedule.' },
  ],
  'no-restricted-properties': [
    'error',
    { object: 'Date', property: 'now', message: 'Domain code takes time as an argument.' },
    {
      object: 'Math',
      property: 'random',
      message: 'Domain code takes randomness as an argument (or uses @intake/ids).',
    },
  ],
  'no-restricted-syntax': [
    'error',
    {
      selector: "NewExpression[callee.name='Date'][arguments.length=0]",
      message: 'Domain code takes time as an argument.',
    },
    { selector: "CallExpression[callee.name='Date']", message: 'Domain code takes time as an argument.' },
    { selector: 'ImportExpression', message: 'Domain code imports statically.' },
  ],
};

/** `TestClockControl` -> `test-clock-control`: a port's file is named after its class. */
const kebab = (name) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();

/**
 * Where a port lives (docs/architecture.md "The ports per context"): a port is an exported abstract
 * class (a Nest token an adapter, another context or the test harness implements), declared in an
 * application library's `ports/<kebab-name>.port.ts`, one port a file, the file named after it;
 * the types only it uses travel with it. Nowhere else in application code is an abstract class
 * exported, and no file is named the older ways (`ports.ts`, `<name>.store.ts`).
 */
const portFiles = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const path = context.filename.replaceAll('\\', '/');
    const stem = /\/ports\/([^/]+)\.port\.ts$/.exec(path)?.[1];
    const ports = [];
    return {
      Program(node) {
        if (/\/ports\.ts$|\.store\.ts$/.test(path) || (path.endsWith('.port.ts') && stem === undefined))
          context.report({ node, message: 'Ports are declared in ports/<kebab-name>.port.ts, one a file.' });
      },
      'ExportNamedDeclaration > ClassDeclaration[abstract=true], ExportDefaultDeclaration > ClassDeclaration[abstract=true]'(
        node,
      ) {
        const name = node.id?.name ?? 'default';
        if (stem === undefined)
          context.report({ node, message: `The port ${name} belongs in ports/${kebab(name)}.port.ts.` });
        else if (ports.length > 0)
          context.report({ node, message: `One port a file: ${name} belongs in ports/${kebab(name)}.port.ts.` });
        else if (kebab(name) !== stem)
          context.report({ node, message: `A port file is named after its port: ${name} in ${kebab(name)}.port.ts.` });
        ports.push(name);
      },
      'Program:exit'(node) {
        if (stem !== undefined && ports.length === 0)
          context.report({ node, message: 'A ports/*.port.ts file declares its port, an exported abstract class.' });
      },
    };
  },
};

/** Browser code runs in the page: no Node built-in module, no Node global. */
export const webBannedImports = ['node:*', ...builtinModules, ...builtinModules.map((name) => `${name}/*`)];
const webBannedGlobals = ['process', 'require', 'module', 'Buffer', 'global', '__dirname', '__filename'];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    // libs/sdk/src/generated: written by tools/sdk/generate.ts from the OpenAPI document.
    ignores: ['**/dist', '**/out-tsc', '**/node_modules', 'tmp', 'var', 'coverage', 'libs/sdk/src/generated'],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', boundaryOptions(depConstraints)],
      'no-restricted-imports': restrictedImports(),
    },
  },
  {
    // Tests of every layer but the domain may use the test harness; production code may not.
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', boundaryOptions(testDepConstraints, TEST_TIME_CYCLES)] },
  },
  {
    files: ['libs/domain/**/*.ts'],
    ignores: ['libs/domain/**/*.spec.ts'],
    rules: domainPurity,
  },
  {
    files: ['libs/application/**/*.ts'],
    ignores: ['libs/application/**/*.spec.ts'],
    rules: {
      // One use case per file, each with the few ports it needs (docs/adr/0006).
      'max-lines': ['error', { max: 250, skipBlankLines: true, skipComments: true }],
      'no-restricted-imports': restrictedImports({
        group: applicationBannedImports,
        message: 'Application code reaches frameworks, drivers and I/O through ports (adapters implement them).',
      }),
    },
  },
  {
    files: ['libs/application/*/src/lib/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    plugins: { local: { rules: { 'port-files': portFiles } } },
    rules: { 'local/port-files': 'error' },
  },
  {
    // A constructor that needs more than six collaborators is two classes (docs/adr/0006).
    files: ['libs/application/**/*.ts', 'apps/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: { 'max-params': ['error', 6] },
  },
  {
    // Type-aware rules: every TypeScript file is linted with its project's types.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    files: ['libs/web/**/*.ts', 'apps/dashboard/src/**/*.ts', 'apps/dashboard/src/**/*.tsx'],
    rules: {
      'no-restricted-imports': restrictedImports({
        group: webBannedImports,
        message: 'Web code runs in the browser: no Node modules.',
      }),
      'no-restricted-globals': [
        'error',
        ...webBannedGlobals.map((name) => ({ name, message: 'Web code runs in the browser: no Node globals.' })),
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
];
