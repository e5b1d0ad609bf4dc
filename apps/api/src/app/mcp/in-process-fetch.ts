import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * A `fetch` that hands each request to this api's own Fastify instance (`inject`): no socket, no
 * network hop, yet the request goes through every hook, guard and limit a request from outside
 * would (authentication, key revocation, the hourly limit, validation, the audit log). The SDK of
 * the MCP tools calls the api through it. `remoteAddress` is the MCP caller's, so the audit log
 * and any per-address limit see who really asked.
 */
export function inProcessFetch(fastify: FastifyInstance, remoteAddress: string) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await fastify.inject({
      method: request.method as InjectOptions['method'],
      url: url.pathname + url.search,
      headers,
      payload,
      remoteAddress,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const each of [value].flat()) responseHeaders.append(name, String(each));
    }
    const bodyless = answer.statusCode === 204 || answer.statusCode === 304 || request.method === 'HEAD';
    return new Response(bodyless ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}
