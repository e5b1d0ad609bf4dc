import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiExcludeController } from '@nestjs/swagger';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type Principal } from '@intake/domain-accounts';
import { createIntakeMcpServer } from '@intake/mcp';
import { createIntakeClient } from '@intake/sdk';
import { Access, type AuthenticatedRequest, CurrentPrincipal } from '../accounts/access';
import { inProcessFetch } from './in-process-fetch';

/** The base URL the SDK builds request URLs on; only its path and query reach the api. */
const IN_PROCESS_ORIGIN = 'http://api.internal';

/**
 * The MCP server over Streamable HTTP at /mcp, for AI agents: JSON-RPC in, JSON out, stateless (a
 * new server and transport per POST, no session id, so any api process answers any message). The
 * caller is an API key, authenticated, counted against the hourly limit and refused when revoked by
 * the same guard as /v1 (401 with `WWW-Authenticate: Bearer`). Each tool calls the /v1 operation it
 * wraps through the typed SDK, in-process (see inProcessFetch), with the caller's own key: the
 * operation's own access rule, validation and limits apply to it as to any request.
 *
 * Not in the OpenAPI document: its answers are MCP's (JSON-RPC), described by the MCP
 * specification, not the api's envelope; the tools are listed by `tools/list`.
 */
@ApiExcludeController()
@Controller('mcp')
export class McpController {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  @Post()
  @Access({ via: 'key' })
  async message(
    @CurrentPrincipal() principal: Principal,
    @Req() request: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (principal.kind !== 'api_key') throw new Error('the key-only rule let a session through');
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const client = createIntakeClient({
      baseUrl: IN_PROCESS_ORIGIN,
      apiKey: bearerOf(request),
      fetch: inProcessFetch(fastify, request.ip),
      // A refusal goes back to the model at once (it is told how long to wait), never waited out here.
      retry: { maxAttempts: 1 },
    });
    const server = createIntakeMcpServer({
      client,
      access: { mode: principal.mode, scopes: principal.scopes },
    });
    // The web-standard transport, fed the body Fastify already parsed: no Node-to-fetch adapter
    // in between (it cost about as much as the rest of the MCP layer).
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    try {
      await server.connect(transport);
      const answer = await transport.handleRequest(webRequestOf(request), { parsedBody: request.body });
      const body = await answer.text();
      handOver(reply);
      answer.headers.forEach((value, name) => reply.raw.setHeader(name, value));
      reply.raw.writeHead(answer.status);
      reply.raw.end(body);
    } finally {
      await transport.close();
      await server.close();
    }
  }

  /**
   * No server-to-client stream and no session to end in a stateless server: 405, as the MCP
   * specification allows for both (the client then only POSTs).
   */
  @Get()
  @Access({ via: 'key' })
  stream(@Res() reply: FastifyReply): void {
    methodNotAllowed(reply);
  }

  @Delete()
  @Access({ via: 'key' })
  end(@Res() reply: FastifyReply): void {
    methodNotAllowed(reply);
  }
}

/** The parts of the request the transport reads (method, headers); the body goes separately, parsed. */
function webRequestOf(request: AuthenticatedRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const each of [value].flat()) headers.append(name, String(each));
  }
  return new Request(`${IN_PROCESS_ORIGIN}${request.url}`, { method: request.method, headers });
}

/** The key the guard accepted (it checked the header's form). */
function bearerOf(request: AuthenticatedRequest): string {
  return /^Bearer (\S+)$/i.exec(request.headers.authorization?.trim() ?? '')?.[1] ?? '';
}

/**
 * Takes the raw response from Fastify for the MCP transport to write, keeping the headers already
 * set for this request (request id, security headers, X-RateLimit-*), and never cached.
 */
function handOver(reply: FastifyReply): void {
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.raw.setHeader('cache-control', 'no-store');
}

function methodNotAllowed(reply: FastifyReply): void {
  handOver(reply);
  reply.raw.writeHead(405, { allow: 'POST', 'content-type': 'application/json' });
  reply.raw.end(
    JSON.stringify({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; send every message by POST.' },
      id: null,
    }),
  );
}
