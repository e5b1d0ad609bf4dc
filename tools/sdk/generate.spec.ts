import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildOperations } from './generate';

/** The SDK cannot drift from the api: its committed types are what the current api produces. */
describe('the SDK generated from the api', () => {
  it('is up to date: libs/sdk/openapi.json and src/generated match the current api (else `npm run sdk:generate`)', () => {
    // In a process of its own, as `npm run sdk:check` runs it: openapi-typescript loads ES modules
    // that Jest's module system does not.
    const root = join(__dirname, '..', '..');
    const check = spawnSync(
      process.execPath,
      ['-r', require.resolve('@swc-node/register'), join(__dirname, 'generate.ts'), '--check'],
      { cwd: root, env: { ...process.env, SWC_NODE_PROJECT: join(root, 'tsconfig.base.json') }, encoding: 'utf8' },
    );
    expect(check.stderr).toBe('');
    expect(check.stdout).toBe('sdk: the generated types match the api\n');
    expect(check.status).toBe(0);
  }, 60_000);

  it('reads the idempotent operations and the paged lists from the document', () => {
    const document = JSON.stringify({
      paths: {
        '/v1/things': {
          post: { parameters: [{ name: 'Idempotency-Key', in: 'header' }] },
          get: {
            parameters: [
              { name: 'limit', in: 'query' },
              { name: 'offset', in: 'query' },
            ],
            responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Page' } } } } },
          },
        },
        '/v1/other': { post: { parameters: [{ name: 'X-CSRF-Token', in: 'header' }] } },
      },
      components: { schemas: { Page: { properties: { things: { type: 'array' }, total: { type: 'integer' } } } } },
    });
    const output = buildOperations(document);
    expect(output).toContain('new Set(["POST /v1/things"])');
    expect(output).toContain("'/v1/things': 'things'");
    expect(output).not.toContain('/v1/other');
  });
});
