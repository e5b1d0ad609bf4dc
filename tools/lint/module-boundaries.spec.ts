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
    "import { Clock } from '@intake/application-time';\nexport const x = Clock;\n",
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
    'libs/application/time/src/lib/fixture.ts',
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
    "import { Clock } from '@intake/application-time';\nexport const x = Clock;\n",
    '@nx/enforce-module-boundaries',
  ],
  [
    'an app importing another app',
    'apps/scheduler/src/app/fixture.ts',
    "import { ApiModule } from '../../../api/src/app/api.module';\nexport const x = ApiModule;\n",
    '@nx/enforce-module-boundaries',
  ],
];

const ALLOWED: Case[] = [
  [
    'an application library importing the domain',
    'libs/application/time/src/lib/fixture.ts',
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
