/**
 * The testcontainers path, for real (issue #17): createTestDatabase with TEST_DB=container starts
 * PostgreSQL through @testcontainers/postgresql on podman (its Docker-compatible API on a socket
 * of this test's own) from the locally built image (tools/containers/postgres-image.sh), and the
 * project's migrations run against it. Without podman or the image the test is skipped with a
 * message, except under CI=true, where it fails: .ci/run installs podman and builds the image.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, migrateTestDatabase } from '@intake/testing';

const IMAGE = 'localhost/intake-postgres:15';
const CONTAINERS_CONF = join(__dirname, 'containers.conf');
const env = { ...process.env, CONTAINERS_CONF };

function missing(): string | undefined {
  if (spawnSync('podman', ['--version'], { env }).status !== 0) return 'podman is not installed';
  if (spawnSync('podman', ['image', 'exists', IMAGE], { env }).status !== 0) {
    return `the image ${IMAGE} is missing (bash tools/containers/postgres-image.sh)`;
  }
  return undefined;
}

const reason = missing();
if (reason && process.env['CI'] === 'true') throw new Error(`testcontainers smoke test: ${reason}`);
if (reason) process.stdout.write(`testcontainers smoke test skipped: ${reason}\n`);

(reason ? describe.skip : describe)('PostgreSQL through testcontainers on podman', () => {
  const socket = `/tmp/podman-testcontainers-${process.pid}.sock`;
  let service: ChildProcess;
  const saved = { ...process.env };

  beforeAll(async () => {
    service = spawn('podman', ['system', 'service', '--time=0', `unix://${socket}`], { env, stdio: 'ignore' });
    for (let i = 0; i < 100 && !existsSync(socket); i += 1) await new Promise((r) => setTimeout(r, 100));
    Object.assign(process.env, {
      DOCKER_HOST: `unix://${socket}`,
      TESTCONTAINERS_RYUK_DISABLED: 'true',
      TEST_DB: 'container',
      TEST_PG_IMAGE: IMAGE,
    });
  });

  afterAll(async () => {
    for (const name of ['DOCKER_HOST', 'TESTCONTAINERS_RYUK_DISABLED', 'TEST_DB', 'TEST_PG_IMAGE']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    if (service && service.exitCode === null) {
      const exited = new Promise((resolve) => service.once('exit', resolve));
      service.kill('SIGTERM');
      await exited;
    }
    rmSync(socket, { force: true });
  });

  it('starts the container, migrates it to the current schema and removes it', async () => {
    const db = await createTestDatabase(migrateTestDatabase);
    try {
      expect(db.source).toBe('container');
      expect(new URL(db.url).port).not.toBe('5432'); // a mapped port, not the local server
      const client = new Client({ connectionString: db.url });
      await client.connect();
      try {
        const version = await client.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
        expect(version.rows[0]?.v).toMatch(/^15\./);
        const applied = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
        expect(applied.rows[0]?.n).toBeGreaterThan(10);
        const tables = await client.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'intakes'`);
        expect(tables.rowCount).toBe(1);
      } finally {
        await client.end();
      }
    } finally {
      await db.drop();
    }
    const left = spawnSync('podman', ['ps', '-q', '--filter', `ancestor=${IMAGE}`], { env })
      .stdout.toString()
      .trim();
    expect(left).toBe('');
  }, 120_000);
});
