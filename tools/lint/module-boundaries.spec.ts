import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The layering rules must bite: each fixture below is linted as if it were a file at the given
 * path, and must raise (or not raise) the boundary errors.
 */
const VIOLATIONS: Case[] = [
  [
    'a domain library importing NestJS',
    'libs/domain/ids/src/lib/fixture.ts',
    "import { Injectable } from '@nestjs/common';\nexport const x = Injectable;\n",
    'no-restricted-imports',
  ],
  [
    'a domain library importing TypeORM',
    'libs/domain/errors/src/lib/fixture.ts',
    "import { DataSource } from 'typeorm';\nexport const x = DataSource;\n",
    'no-restricted-imports',
  ],
  [
    'a domain library importing BullMQ',
    'libs/domain/errors/src/lib/fixture.ts',
    "import { Queue } from 'bullmq';\nexport const x = Queue;\n",
    'no-restricted-imports',
  ],
  [
    'a domain library importing node:fs',
    'libs/domain/ids/src/lib/fixture.ts',
    "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    'no-restricted-imports',
  ],
  [
    'a domain library reading Date.now()',
    'libs/domain/ids/src/lib/fixture.ts',
    'export const x = Date.now();\n',
    'no-restricted-properties',
  ],
  [
    'a domain library importing an application library',
    'libs/domain/ids/src/lib/fixture.ts',
    "import { Clock } from '@intake/kernel';\nexport const x = Clock;\n",
    '@nx/enforce-module-boundaries',
  ],
  [
    'a domain library importing an adapter',
    'libs/domain/errors/src/lib/fixture.ts',
    "import { PostgresModule } from '@intake/postgres';\nexport const x = PostgresModule;\n",
    '@nx/enforce-module-boundaries',
  ],
  [
    'an application library importing an adapter',
    'libs/application/kernel/src/lib/fixture.ts',
    "import { RedisModule } from '@intake/redis';\nexport const x = RedisModule;\n",
    '@nx/enforce-module-boundaries',
  ],
  [
    'an adapter importing the platform',
    'libs/adapters/redis/src/lib/fixture.ts',
    "import { HttpModule } from '@intake/http';\nexport const x = HttpModule;\n",
    '@nx/enforce-module-boundaries',
  ],
  [
    'production code importing the test harness',
    'libs/adapters/redis/src/lib/fixture.ts',
    "import { SmtpSink } from '@intake/testing';\nexport const x = SmtpSink;\n",
    '@nx/enforce-module-boundaries',
  ],
  [
    'web code importing node:fs',
    'libs/web/portal/src/lib/fixture.ts',
    "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    'no-restricted-imports',
  ],
  [
    'web code reading process',
    'libs/web/portal/src/lib/fixture.ts',
    'export const x = process.env;\n',
    'no-restricted-globals',
  ],
  [
    'web code importing an application library',
    'libs/web/portal/src/lib/fixture.ts',
    "import { Clock } from '@intake/kernel';\nexport const x = Clock;\n",
    '@nx/enforce-module-boundaries',
  ],
  [
    'an app importing another app',
    'apps/scheduler/src/app/fixture.ts',
    "import { ApiModule } from '../../../api/src/app/api.module';\nexport const x = ApiModule;\n",
    '@nx/enforce-module-boundaries',
  ],
  [
    'a context importing a context it does not reach (accounts -> intakes)',
    'libs/application/accounts/src/lib/fixture.ts',
    "import { IntakeStore } from '@intake/application-intakes';\nexport const x = IntakeStore;\n",
    '@nx/enforce-module-boundaries',
  ],
  [
    'a context importing an internal of another context by its path',
    'libs/application/intakes/src/lib/fixture.ts',
    "import { AccountStore } from '@intake/application-accounts/src/lib/ports/account-store.port';\nexport const x = AccountStore;\n",
    'no-restricted-imports',
  ],
  [
    'a context importing an internal of another context relatively',
    'libs/application/intakes/src/lib/fixture.ts',
    "import { AccountStore } from '../../../accounts/src/lib/ports/account-store.port';\nexport const x = AccountStore;\n",
    '@nx/enforce-module-boundaries',
  ],
  [
    'the shared kernel importing a context',
    'libs/application/kernel/src/lib/fixture.ts',
    "import { accessOf } from '@intake/domain-accounts';\nexport const x = accessOf;\n",
    '@nx/enforce-module-boundaries',
  ],
  [
    'the domain kernel importing a context',
    'libs/domain/kernel/src/lib/fixture.ts',
    "import { PLANS } from '@intake/domain-accounts';\nexport const x = PLANS;\n",
    '@nx/enforce-module-boundaries',
  ],
  [
    'a platform library importing a context',
    'libs/adapters/redis/src/lib/fixture.ts',
    "import { AccountStore } from '@intake/application-accounts';\nexport const x = AccountStore;\n",
    '@nx/enforce-module-boundaries',
  ],
  [
    'an adapter of one context importing a context it does not reach (accounts -> intakes)',
    'libs/adapters/postgres-accounts/src/lib/fixture.ts',
    "import { IntakeStore } from '@intake/application-intakes';\nexport const x = IntakeStore;\n",
    '@nx/enforce-module-boundaries',
  ],
  [
    'the intakes context reaching into the files context (files depends on intakes, not back)',
    'libs/application/intakes/src/lib/fixture.ts',
    "import { ObjectStorage } from '@intake/application-files';\nexport const x = ObjectStorage;\n",
    '@nx/enforce-module-boundaries',
  ],
  [
    'the portal context reaching into the files context',
    'libs/application/portal/src/lib/fixture.ts',
    "import { FileStore } from '@intake/application-files';\nexport const x = FileStore;\n",
    '@nx/enforce-module-boundaries',
  ],
  [
    'an application file over 250 lines',
    'libs/application/intakes/src/lib/fixture.ts',
    Array.from({ length: 251 }, (_, i) => `export const x${i} = ${i};`).join('\n') + '\n',
    'max-lines',
  ],
  [
    'a use case with seven constructor dependencies',
    'libs/application/intakes/src/lib/fixture.ts',
    'export class X {\n  constructor(a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7) {\n    void [a, b, c, d, e, f, g];\n  }\n}\n',
    'max-params',
  ],
  [
    'a domain library calling new Date()',
    'libs/domain/intake/src/lib/fixture.ts',
    'export const x = new Date();\n',
    'no-restricted-syntax',
  ],
  [
    'a domain library calling Date()',
    'libs/domain/intake/src/lib/fixture.ts',
    'export const x = Date();\n',
    'no-restricted-syntax',
  ],
  [
    'a domain library calling Math.random()',
    'libs/domain/items/src/lib/fixture.ts',
    'export const x = Math.random();\n',
    'no-restricted-properties',
  ],
  [
    'a domain library reading process.env',
    'libs/domain/items/src/lib/fixture.ts',
    "export const x = process.env['X'];\n",
    'no-restricted-globals',
  ],
  [
    'a domain library calling require()',
    'libs/domain/intake/src/lib/fixture.ts',
    "export const x: unknown = require('node:os');\n",
    'no-restricted-globals',
  ],
  [
    'a domain library with a dynamic import()',
    'libs/domain/intake/src/lib/fixture.ts',
    "export const x = import('node:os');\n",
    'no-restricted-syntax',
  ],
  [
    'a domain library calling setTimeout',
    'libs/domain/intake/src/lib/fixture.ts',
    'export const x = setTimeout(() => undefined, 1);\n',
    'no-restricted-globals',
  ],
  [
    'an application library importing node:fs',
    'libs/application/intakes/src/lib/fixture.ts',
    "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    'no-restricted-imports',
  ],
  [
    'an application library importing node:net',
    'libs/application/files/src/lib/fixture.ts',
    "import { connect } from 'node:net';\nexport const x = connect;\n",
    'no-restricted-imports',
  ],
  [
    'an application library importing node:http',
    'libs/application/accounts/src/lib/fixture.ts',
    "import { request } from 'node:http';\nexport const x = request;\n",
    'no-restricted-imports',
  ],
  [
    'an application library importing a database driver',
    'libs/application/intakes/src/lib/fixture.ts',
    "import { Pool } from 'pg';\nexport const x = Pool;\n",
    'no-restricted-imports',
  ],
  [
    'a floating promise',
    'libs/application/intakes/src/lib/fixture.ts',
    'export async function f(): Promise<void> {\n  await Promise.resolve();\n}\nexport function g(): void {\n  f();\n}\n',
    '@typescript-eslint/no-floating-promises',
  ],
  [
    'a promise where a void callback is expected',
    'apps/api/src/app/fixture.ts',
    'export function f(xs: number[]): void {\n  xs.forEach(async (x) => {\n    await Promise.resolve(x);\n  });\n}\n',
    '@typescript-eslint/no-misused-promises',
  ],
  [
    'a switch that misses a member of a union',
    'libs/domain/intake/src/lib/fixture.ts',
    "export function f(x: 'a' | 'b'): number {\n  switch (x) {\n    case 'a':\n      return 1;\n  }\n  return 0;\n}\n",
    '@typescript-eslint/switch-exhaustiveness-check',
  ],
  [
    'a value import used only as a type',
    'libs/application/intakes/src/lib/fixture.ts',
    "import { Clock } from '@intake/kernel';\nexport function f(clock: Clock): Clock {\n  return clock;\n}\n",
    '@typescript-eslint/consistent-type-imports',
  ],
  [
    'a port (an exported abstract class) declared outside ports/',
    'libs/application/intakes/src/lib/intakes/fixture.ts',
    'export abstract class FixtureStore {\n  abstract get(id: string): Promise<string>;\n}\n',
    'local/port-files',
  ],
  [
    'two ports in one port file',
    'libs/application/intakes/src/lib/ports/lint-fixture-one.port.ts',
    'export abstract class LintFixtureOne {\n  abstract get(): Promise<void>;\n}\nexport abstract class LintFixtureTwo {\n  abstract get(): Promise<void>;\n}\n',
    'local/port-files',
  ],
  [
    'a port file not named after its port',
    'libs/application/intakes/src/lib/ports/fixture.port.ts',
    'export abstract class FixtureStore {\n  abstract get(): Promise<void>;\n}\n',
    'local/port-files',
  ],
  [
    'a port file without a port',
    'libs/application/intakes/src/lib/ports/fixture.port.ts',
    'export const x = 1;\n',
    'local/port-files',
  ],
  [
    'a port file outside ports/',
    'libs/application/intakes/src/lib/fixture.port.ts',
    'export const x = 1;\n',
    'local/port-files',
  ],
  [
    'a file named the old way (<name>.store.ts)',
    'libs/application/intakes/src/lib/ports/fixture.store.ts',
    'export const x = 1;\n',
    'local/port-files',
  ],
];

const ALLOWED: Case[] = [
  [
    'an application library importing the domain',
    'libs/application/kernel/src/lib/fixture.ts',
    "import { DomainError } from '@intake/errors';\nexport const x = DomainError;\n",
  ],
  [
    'an adapter importing an application port',
    'libs/adapters/redis/src/lib/fixture.ts',
    "import { DependencyProbe } from '@intake/application-health';\nexport const x = DependencyProbe;\n",
  ],
  [
    'an app importing adapters and the platform',
    'apps/api/src/app/fixture.ts',
    "import { PostgresModule } from '@intake/postgres';\nimport { HttpModule } from '@intake/http';\nexport const x = [PostgresModule, HttpModule];\n",
  ],
  [
    'web code importing the domain',
    'libs/web/portal/src/lib/fixture.ts',
    "import { ITEM_TYPES } from '@intake/domain-items';\nexport const x = ITEM_TYPES;\n",
  ],
  [
    'an adapter test importing the test harness',
    'libs/adapters/redis/src/lib/fixture.spec.ts',
    "import { SmtpSink } from '@intake/testing';\nexport const x = SmtpSink;\n",
  ],
  [
    'a context importing a context it reaches, through its index (intakes -> accounts)',
    'libs/application/intakes/src/lib/fixture.ts',
    "import { AccountStore } from '@intake/application-accounts';\nexport const x = AccountStore;\n",
  ],
  [
    'a context importing the shared kernel and the platform',
    'libs/application/accounts/src/lib/fixture.ts',
    "import { UnitOfWork } from '@intake/kernel';\nimport { MailTransport } from '@intake/application-mail';\nexport const x = [UnitOfWork, MailTransport];\n",
  ],
  [
    'the files context using the intakes context through its index',
    'libs/application/files/src/lib/fixture.ts',
    "import { IntakeWriter } from '@intake/application-intakes';\nexport const x = IntakeWriter;\n",
  ],
  [
    'a port in ports/<its name>.port.ts, with a type only it uses',
    'libs/application/intakes/src/lib/ports/lint-fixture-port.port.ts',
    'export interface LintFixtureRow {\n  id: string;\n}\n\nexport abstract class LintFixturePort {\n  abstract get(id: string): Promise<LintFixtureRow | undefined>;\n}\n',
  ],
  [
    'a domain library building a given instant',
    'libs/domain/intake/src/lib/fixture.ts',
    "export const x = new Date('2026-01-01T00:00:00Z');\n",
  ],
];

type Case = [what: string, path: string, code: string, rule?: string];

describe('module boundaries (eslint)', () => {
  const violations: Case[] = VIOLATIONS;
  const allowed: Case[] = ALLOWED;
  let results: string[][] = [];

  // ESLint loads our flat config with a dynamic import, which Jest's VM refuses: lint in a child process.
  beforeAll(() => {
    const fixtures = [...violations, ...allowed].map(([, path, code]) => ({ path, code }));
    const output = execFileSync(process.execPath, [join(__dirname, 'lint-fixtures.mjs')], {
      input: JSON.stringify(fixtures),
      cwd: join(__dirname, '..', '..'),
      env: { ...process.env, NX_DAEMON: 'false' },
      maxBuffer: 16 * 1024 * 1024,
    });
    results = JSON.parse(output.toString('utf8')) as string[][];
  }, 120_000);

  it.each(violations.map((c, i) => [c[0], i] as const))('fails lint for %s', (_what, index) => {
    const rule = violations[index]?.[3];
    expect(results[index]?.some((e) => e.startsWith(`${rule}:`))).toBe(true);
  });

  it.each(allowed.map((c, i) => [c[0], i] as const))('passes lint for %s', (_what, index) => {
    expect(results[violations.length + index]).toEqual([]);
  });
});
