import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod';
import type { IntakeClient } from '@intake/sdk';
import { hasScope, type KeyAccess } from './access';
import { collectDocumentsPrompt } from './prompt';
import { toolErrorOf } from './tool-errors';
import { toolsFor, type ToolDefinition } from './tools';

export interface IntakeMcpServerOptions {
  /** The typed SDK, holding the caller's API key: every tool is one call through it. */
  client: IntakeClient;
  /** The key's mode and scopes: the tools, the resource and the wording follow them. */
  access: KeyAccess;
  /** Reported to the client in `initialize`. */
  version?: string;
}

export const SERVER_NAME = 'intake-service';

const instructionsFor = (access: KeyAccess) =>
  [
    'Tools of an intake collection service: ask a client for documents and answers through a portal link, follow their submissions, review them and collect the results.',
    'Typical flow: list_templates (optional) → create_intake → get_intake_status until items are submitted (or register_webhook) → approve_item or request_revision → collect_results.',
    access.mode === 'test'
      ? 'This server uses a test key: its intakes never e-mail or text the client; everything else behaves as live.'
      : 'This server uses a live key: creating an intake and chasing e-mail the client for real.',
    'A refused call comes back as a tool error naming the error code and what to do next.',
  ].join(' ');

/** The tool's input shape for this key: arguments needing a scope the key lacks are left out. */
function inputFor(tool: ToolDefinition, access: KeyAccess): z.ZodRawShape {
  const scopes = tool.argumentScopes ?? {};
  return Object.fromEntries(
    Object.entries(tool.input).filter(([name]) => {
      const needed = scopes[name];
      return needed === undefined || hasScope(access, needed);
    }),
  );
}

/** What registerTool is given for one tool and one kind of key (everything but the handler). */
interface Registration {
  tool: ToolDefinition;
  config: {
    title: string;
    description: string;
    inputSchema: z.ZodObject;
    outputSchema: z.ZodObject;
    annotations: ToolAnnotations;
  };
}

/**
 * The registrations per kind of key (mode and scopes), built once: a stateless transport builds a
 * server per request, which must cost next to nothing. A handful of kinds exist (2 modes × the
 * scope sets keys are made with), so the cache stays small.
 */
const registrationsByAccess = new Map<string, { instructions: string; registrations: ReadonlyArray<Registration> }>();

function registrationsFor(access: KeyAccess): { instructions: string; registrations: ReadonlyArray<Registration> } {
  const cacheKey = `${access.mode} ${[...access.scopes].sort().join(' ')}`;
  let cached = registrationsByAccess.get(cacheKey);
  if (!cached) {
    const registrations = toolsFor(access).map((tool) => ({
      tool,
      config: {
        title: tool.title,
        description: tool.description(access),
        // An object schema, not a raw shape: the SDK would build the object again on every call.
        inputSchema: z.object(inputFor(tool, access)),
        // Loose: the api may answer more fields than the ones named (it grows; clients must not break).
        outputSchema: z.looseObject(tool.output),
        annotations: { title: tool.title, ...tool.annotations },
      },
    }));
    cached = { instructions: instructionsFor(access), registrations };
    registrationsByAccess.set(cacheKey, cached);
  }
  return cached;
}

/**
 * One JSON Schema validator for every server of the process (the SDK would build an Ajv instance
 * per server, the most expensive part of a server; it is only used for elicitation, which these
 * tools never ask for).
 */
let sharedValidator: AjvJsonSchemaValidator | undefined;

/**
 * An MCP server of the service's tools for one API key (the same for Streamable HTTP and stdio):
 * the tools its scopes allow, worded for its mode; the resource `intake://{intake_id}` (the status)
 * for keys that may read intakes; the prompt `collect_documents`.
 */
export function createIntakeMcpServer({ client, access, version = '0.1.0' }: IntakeMcpServerOptions): McpServer {
  sharedValidator ??= new AjvJsonSchemaValidator();
  const { instructions, registrations } = registrationsFor(access);
  const server = new McpServer({ name: SERVER_NAME, version }, { instructions, jsonSchemaValidator: sharedValidator });

  for (const { tool, config } of registrations) {
    server.registerTool(tool.name, config, async (args: Record<string, unknown>): Promise<CallToolResult> => {
      try {
        const outcome = await tool.run(client, args as never, access);
        return { content: [{ type: 'text', text: outcome.summary }], structuredContent: outcome.structured };
      } catch (error) {
        return toolErrorOf(error);
      }
    });
  }

  if (hasScope(access, 'intakes:read')) {
    server.registerResource(
      'intake_status',
      new ResourceTemplate('intake://{intake_id}', { list: undefined }),
      {
        title: 'An intake’s status',
        description: 'The current status of one intake (as get_intake_status): progress, items, reminders.',
        mimeType: 'application/json',
      },
      async (uri, variables) => {
        const id = String(variables['intake_id']);
        const status = await client.GET('/v1/intakes/{id}/status', { params: { path: { id } } });
        return {
          contents: [
            { uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ intake_id: id, ...status }) },
          ],
        };
      },
    );
  }

  if (hasScope(access, 'intakes:write')) {
    server.registerPrompt(
      collectDocumentsPrompt.name,
      {
        title: collectDocumentsPrompt.title,
        description: collectDocumentsPrompt.description,
        argsSchema: collectDocumentsPrompt.args,
      },
      (args) => collectDocumentsPrompt.render(args, access),
    );
  }
  return server;
}
