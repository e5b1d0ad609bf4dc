import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TOOLS } from '@intake/mcp';
import { type Api, type Owner } from './api-test-app';

/** Every tool, and the ones a key holding only `intakes:read` is offered. */
export const ALL_TOOLS = TOOLS.map((tool) => tool.name).sort();
export const READ_TOOLS = ['collect_results', 'get_intake_status', 'get_usage', 'list_intakes', 'list_templates'];

/**
 * An MCP client of the official SDK, connected over `transport`, having listed the tools as an
 * agent does first (so the client checks every structured answer against the tool's output schema).
 */
export async function connectAgent(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'e2e-agent', version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  return client;
}

const text = (result: CallToolResult) =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

/** Calls a tool that must succeed, returning its structured content. */
export async function call(agent: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await agent.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name} failed: ${text(result)}`);
  expect(result.content[0]).toMatchObject({ type: 'text', text: expect.any(String) });
  return result.structuredContent as Record<string, unknown>;
}

/** Calls a tool that must fail as a tool error (not a protocol error), returning its text. */
export async function callFailing(agent: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await agent.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError).toBe(true);
  return text(result);
}

export interface AgentContext {
  api: Api;
  owner: Owner;
  /** An agent connected with `key`; closed by the caller. */
  connect(key: string): Promise<Client>;
}

/**
 * What an agent does through the MCP server, the same over every transport: the tools its key may
 * use, an intake created, followed through a portal submission, approved and collected; and the
 * refusals a model must be able to read.
 */
export function agentScenario(context: () => AgentContext): void {
  const agents: Client[] = [];
  const connect = async (key: string) => {
    const agent = await context().connect(key);
    agents.push(agent);
    return agent;
  };
  afterAll(async () => {
    await Promise.all(agents.map((agent) => agent.close()));
  });

  it('offers every tool to an admin key, only the read tools to a read-only key', async () => {
    const { api, owner } = context();
    const admin = await connect(owner.key);
    expect((await admin.listTools()).tools.map((tool) => tool.name).sort()).toEqual(ALL_TOOLS);

    const readOnly = await api.client.createKey(owner.session, ['intakes:read']);
    const reader = await connect(readOnly.key);
    const offered = (await reader.listTools()).tools;
    expect(offered.map((tool) => tool.name).sort()).toEqual(READ_TOOLS);
    for (const tool of offered) expect(tool.annotations?.readOnlyHint).toBe(true);
    // Asked anyway, a write tool is a tool error the model can read, not a crash.
    expect(await callFailing(reader, 'approve_item', { intake_id: 'in_x', item_key: 'x' })).toMatch(/approve_item/);
  });

  it('creates an intake, sees the client’s submission, approves it and collects the results', async () => {
    const { api, owner } = context();
    const agent = await connect(owner.key);
    const created = await call(agent, 'create_intake', {
      project_name: 'Bakery website',
      client: { email: 'anna@bakery.example', name: 'Anna' },
      items: [{ key: 'about', type: 'longtext', label: 'About your bakery' }],
    });
    expect(created).toMatchObject({ intake_id: expect.stringMatching(/^in_/), status: 'sent' });
    const intakeId = created['intake_id'] as string;
    const slug = (created['portal_url'] as string).split('/').pop() as string;

    const submitted = await api.client.request({
      method: 'PUT',
      url: `/portal/v1/${slug}/items/about`,
      payload: { value: 'We bake sourdough.' },
    });
    expect(submitted.statusCode).toBe(200);

    const status = await call(agent, 'get_intake_status', { intake_id: intakeId });
    expect(status['items']).toEqual([expect.objectContaining({ key: 'about', status: 'submitted' })]);
    const listed = await call(agent, 'list_intakes', { q: 'Bakery' });
    expect(listed['intakes']).toEqual([expect.objectContaining({ intake_id: intakeId })]);

    const approved = await call(agent, 'approve_item', { intake_id: intakeId, item_key: 'about' });
    expect(approved['item']).toMatchObject({ key: 'about', status: 'approved' });

    const results = await call(agent, 'collect_results', { intake_id: intakeId });
    expect(results).toMatchObject({ status: 'completed', results: { about: 'We bake sourdough.' }, missing: [] });
    const again = await call(agent, 'collect_results', { intake_id: intakeId, only_new: true });
    expect(again['results']).toEqual({});

    const resource = await agent.readResource({ uri: `intake://${intakeId}` });
    expect(JSON.parse((resource.contents[0] as { text: string }).text)).toMatchObject({
      intake_id: intakeId,
      status: 'completed',
    });
  });

  it('records an agent’s decision for the owner on a new owner item (decided_by agent)', async () => {
    const { api, owner } = context();
    const agent = await connect(owner.key);
    const created = await call(agent, 'create_intake', {
      project_name: 'Wedding photos',
      client: { email: 'eva@wedding.example', name: 'Eva' },
      items: [{ key: 'guests', type: 'text', label: 'Number of guests' }],
      send: false,
    });
    const intakeId = created['intake_id'] as string;
    await call(agent, 'decide_item', {
      intake_id: intakeId,
      key: 'style',
      label: 'Editing style',
      type: 'select',
      options: ['natural', 'film', 'black_and_white'],
      value: 'film',
      rationale: 'The couple asked for a warm, grainy look.',
    });
    const detail = await api.client.asKey(owner.key, { method: 'GET', url: `/v1/intakes/${intakeId}` });
    const style = detail
      .json<{ items: Array<{ key: string; decision?: unknown }> }>()
      .items.find((item) => item.key === 'style');
    expect(style?.decision).toMatchObject({ decided_by: 'agent', proposed_value: 'film' });
  });

  it('answers a bad argument and a refusal of the api as tool errors that say what to do next', async () => {
    const { owner } = context();
    const agent = await connect(owner.key);
    // Refused by the tool's input schema, before any call.
    expect(await callFailing(agent, 'approve_item', { intake_id: 'in_x' })).toMatch(/item_key/);
    expect(await callFailing(agent, 'create_intake', { project_name: 'X', client: 'anna', items: [] })).toMatch(
      /Invalid arguments/,
    );
    // Refused by the api: its envelope's code and a next step.
    const missing = await callFailing(agent, 'get_intake_status', { intake_id: 'in_00000000000000000000000000' });
    expect(missing).toMatch(/^Error not_found: .*Next: /);
    const invalid = await callFailing(agent, 'create_intake', {
      project_name: 'Bad address',
      client: { email: 'not an address', name: 'Anna' },
      items: [{ key: 'about', type: 'text', label: 'About' }],
    });
    expect(invalid).toMatch(/^Error unprocessable \(validation_failed\): .*client\.email/);
    expect(JSON.parse(invalid.split('\n').pop() as string)).toMatchObject({
      status: 422,
      error: 'unprocessable',
      details: expect.arrayContaining([expect.objectContaining({ path: 'client.email' })]),
      next_step: expect.any(String),
    });
    // Still connected and answering.
    expect(await call(agent, 'get_usage')).toMatchObject({ intakes: expect.any(Object) });
  });

  it('offers the prompt that walks an agent through collecting documents', async () => {
    const { owner } = context();
    const agent = await connect(owner.key);
    expect((await agent.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['collect_documents']);
    const prompt = await agent.getPrompt({
      name: 'collect_documents',
      arguments: { client_name: 'Anna', client_email: 'anna@bakery.example', documents: 'ID card and payslips' },
    });
    expect((prompt.messages[0]?.content as { text: string }).text).toMatch(/create_intake[\s\S]*collect_results/);
  });
}
