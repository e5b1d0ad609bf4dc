import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type Owner, useApi } from './api-test-app';
import { agentScenario, connectAgent } from './mcp-agent';

const ROOT = join(__dirname, '..', '..', '..');
const EXECUTABLE = join(ROOT, 'dist', 'apps', 'mcp', 'main.js');

/**
 * The stdio MCP server as a desktop agent runs it: the built executable (`nx build mcp-stdio`, cached
 * when nothing changed), started by the official SDK's Client with SERVICE_URL and SERVICE_API_KEY,
 * calling the running api over HTTP through the typed SDK.
 */
describe('MCP over stdio (node dist/apps/mcp/main.js)', () => {
  const api = useApi();
  let baseUrl: string;
  let owner: Owner;

  beforeAll(async () => {
    execFileSync(process.execPath, [require.resolve('nx/bin/nx.js'), 'build', 'mcp-stdio', '--output-style=static'], {
      cwd: ROOT,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 240_000,
    });
    await api.t.app.listen(0, '127.0.0.1');
    baseUrl = (await api.t.app.getUrl()).replace('[::1]', '127.0.0.1');
    owner = await api.owner({ plan: 'agency' });
  }, 300_000);

  const transportFor = (key: string) =>
    new StdioClientTransport({
      command: process.execPath,
      args: [EXECUTABLE],
      env: { PATH: process.env['PATH'] ?? '', SERVICE_URL: baseUrl, SERVICE_API_KEY: key },
      stderr: 'pipe',
    });

  agentScenario(() => ({ api, owner, connect: (key) => connectAgent(transportFor(key)) }));

  it('exits with a sentence on stderr when the key is refused, instead of serving no tools', async () => {
    const transport = transportFor('svc_live_unknownunknownunknownunknown');
    const stderr: string[] = [];
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
    await expect(connectAgent(transport)).rejects.toThrow();
    expect(stderr.join('')).toMatch(/API key is unknown or revoked/);
  });
});
