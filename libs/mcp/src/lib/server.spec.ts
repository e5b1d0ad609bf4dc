import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { IntakeApiError, type IntakeClient } from '@intake/sdk';
import type { KeyAccess } from './access';
import { createIntakeMcpServer } from './server';

/** A client whose every call answers `answer` (or throws it), recording what was asked. */
function fakeClient(answer: (method: string, path: string, init: unknown) => unknown) {
  const calls: Array<{ method: string; path: string; init: unknown }> = [];
  const method = (name: string) => async (path: string, init?: unknown) => {
    calls.push({ method: name, path, init });
    return answer(name, path, init);
  };
  const client = {
    GET: method('GET'),
    POST: method('POST'),
    PUT: method('PUT'),
    PATCH: method('PATCH'),
    DELETE: method('DELETE'),
  };
  return { client: client as unknown as IntakeClient, calls };
}

async function connected(client: IntakeClient, access: KeyAccess): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createIntakeMcpServer({ client, access }).connect(serverSide);
  const agent = new Client({ name: 'spec', version: '1' });
  await agent.connect(clientSide);
  return agent;
}

describe('the MCP server of one key', () => {
  it('offers a key without scopes only get_usage, and no resource or prompt', async () => {
    const agent = await connected(fakeClient(() => ({})).client, { mode: 'live', scopes: [] });
    expect((await agent.listTools()).tools.map((tool) => tool.name)).toEqual(['get_usage']);
    await expect(agent.listResourceTemplates()).rejects.toThrow(/Method not found/);
    await expect(agent.listPrompts()).rejects.toThrow(/Method not found/);
  });

  it('offers reveal_secrets only to a key with secrets:read, and never reveals without it', async () => {
    const results = {
      intake_id: 'in_1',
      status: 'completed',
      progress: {},
      missing: [],
      results: {},
      meta: {},
      client_note: null,
    };
    const reader = fakeClient(() => results);
    const agent = await connected(reader.client, { mode: 'live', scopes: ['intakes:read'] });
    const collect = (await agent.listTools()).tools.find((tool) => tool.name === 'collect_results');
    expect(Object.keys(collect?.inputSchema.properties ?? {})).not.toContain('reveal_secrets');
    await agent.callTool({ name: 'collect_results', arguments: { intake_id: 'in_1' } });
    expect(reader.calls[0]?.init).toMatchObject({ params: { query: { exclude_secrets: true } } });

    const holder = fakeClient(() => results);
    const trusted = await connected(holder.client, { mode: 'live', scopes: ['intakes:read', 'secrets:read'] });
    const offered = (await trusted.listTools()).tools.find((tool) => tool.name === 'collect_results');
    expect(Object.keys(offered?.inputSchema.properties ?? {})).toContain('reveal_secrets');
    await trusted.callTool({ name: 'collect_results', arguments: { intake_id: 'in_1', reveal_secrets: true } });
    expect(holder.calls[0]?.init).toMatchObject({ params: { query: { exclude_secrets: false } } });
  });

  it('turns a refusal into a tool error with the code, the api’s words and the next step', async () => {
    const refusal = new IntakeApiError(
      429,
      {
        error: 'rate_limited',
        reason: 'hourly_limit',
        message: 'The free plan allows 60 requests per hour.',
        request_id: 'req_1',
      },
      120,
    );
    const agent = await connected(
      fakeClient(() => {
        throw refusal;
      }).client,
      { mode: 'test', scopes: ['admin'] },
    );
    const result = (await agent.callTool({ name: 'get_usage', arguments: {} })) as CallToolResult;
    expect(result.isError).toBe(true);
    const [sentence, envelope] = result.content.map((block) => (block.type === 'text' ? block.text : ''));
    expect(sentence).toBe(
      'Error rate_limited (hourly_limit): The free plan allows 60 requests per hour. Retry after 120 seconds. Next: The account’s hourly request limit is reached; wait the number of seconds given before calling again.',
    );
    expect(JSON.parse(envelope as string)).toMatchObject({
      status: 429,
      error: 'rate_limited',
      request_id: 'req_1',
      retry_after_seconds: 120,
    });
  });

  it('words the tools for the key’s mode', async () => {
    const tools = async (mode: 'live' | 'test') =>
      (await (await connected(fakeClient(() => ({})).client, { mode, scopes: ['admin'] })).listTools()).tools;
    const chase = async (mode: 'live' | 'test') =>
      (await tools(mode)).find((tool) => tool.name === 'chase_client')?.description;
    expect(await chase('live')).toMatch(/sends an e-mail/);
    expect(await chase('test')).toMatch(/nothing is sent/);
  });
});
