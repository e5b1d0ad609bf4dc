import nx from '@nx/eslint-plugin';
import { builtinModules } from 'node:module';

/**
 * Layering (DESIGN.md section 1, STYLE.md "Boundaries that bite"):
 *   domain      -> domain
 *   application -> domain, application
 *   adapter     -> domain, application, adapter
 *   platform    -> domain, application, platform   (Nest edge plumbing shared by the apps)
 *   web         -> web, domain                    (browser code: no Node, no Nest)
 *   testing     -> anything but apps
 *   app         -> anything but other apps (Nx itself forbids importing an app) and the test harness
 * Test files may also import the test harness (type:testing), except in the domain.
 */
export const depConstraints = [
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
  {
    sourceTag: 'type:testing',
    onlyDependOnLibsWithTags: ['type:domain', 'type:application', 'type:adapter', 'type:platform', 'type:testing'],
  },
  {
    sourceTag: 'type:tools',
    onlyDependOnLibsWithTags: ['type:domain', 'type:application', 'type:adapter', 'type:platform', 'type:testing'],
  },
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: ['type:domain', 'type:application', 'type:adapter', 'type:platform', 'type:web'],
  },
];

/** The same layering for test files, plus the test harness for every layer above the domain. */
export const testDepConstraints = depConstraints.map((constraint) =>
  constraint.sourceTag === 'type:domain'
    ? constraint
    : { ...constraint, onlyDependOnLibsWithTags: [...new Set([...constraint.onlyDependOnLibsWithTags, 'type:testing'])] },
);

function boundaryOptions(constraints) {
  return {
    enforceBuildableLibDependency: true,
    allow: ['^.*/eslint(\\.base)?\\.config\\.[cm]?[jt]s$'],
    depConstraints: constraints,
  };
}

/** Packages a domain library may never import: frameworks, drivers and I/O. */
export const domainBannedImports = [
  '@nestjs/*',
  'typeorm',
  'typeorm/*',
  'bullmq',
  'ioredis',
  'pg',
  'minio',
  'nodemailer',
  'fastify',
  'fs',
  'fs/*',
  'node:fs',
  'node:fs/*',
  'net',
  'node:net',
  'http',
  'node:http',
  'child_process',
  'node:child_process',
];

/** Browser code runs in the page: no Node built-in module, no Node global. */
export const webBannedImports = ['node:*', ...builtinModules, ...builtinModules.map((name) => `${name}/*`)];
const webBannedGlobals = ['process', 'require', 'module', 'Buffer', 'global', '__dirname', '__filename'];

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: ['**/dist', '**/out-tsc', '**/node_modules', 'tmp', 'var', 'coverage'],
  },
  {
    files: ['**/*.ts', '**/*.js'],
    rules: { '@nx/enforce-module-boundaries': ['error', boundaryOptions(depConstraints)] },
  },
  {
    // Tests of every layer but the domain may use the test harness; production code may not.
    files: ['**/*.spec.ts', '**/test/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', boundaryOptions(testDepConstraints)] },
  },
  {
    files: ['libs/domain/**/*.ts'],
    ignores: ['libs/domain/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: domainBannedImports,
              message: 'Domain code is pure: no framework, driver or I/O imports.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Domain code takes time as an argument.' },
      ],
    },
  },
  {
    files: ['libs/web/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: webBannedImports, message: 'Web code runs in the browser: no Node modules.' }] },
      ],
      'no-restricted-globals': [
        'error',
        ...webBannedGlobals.map((name) => ({ name, message: 'Web code runs in the browser: no Node globals.' })),
      ],
    },
  },
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
];
