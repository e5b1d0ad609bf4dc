/**
 * The MCP benchmark's load generator, in a process of its own (forked by run.ts): one fixed-rate,
 * open-loop round per `run` message (open-loop.ts: requests spaced evenly, latency from each one's
 * due time), of either the REST call or the same call as an MCP tool over Streamable HTTP.
 */
import { openLoop, type OpenLoopRequest } from '../open-loop';

export interface McpRound {
  origin: string;
  rate: number;
  seconds: number;
  connections: number;
  key: string;
  kind: 'rest' | 'mcp';
  intakeIds: string[];
}

/** The n-th request of a round: GET …/status, or POST /mcp with tools/call get_intake_status. */
export function requestOf(round: McpRound, n: number): OpenLoopRequest {
  const id = round.intakeIds[n % round.intakeIds.length] as string;
  if (round.kind === 'rest') return { method: 'GET', path: `/v1/intakes/${id}/status` };
  return {
    method: 'POST',
    path: '/mcp',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: n,
      method: 'tools/call',
      params: { name: 'get_intake_status', arguments: { intake_id: id } },
    }),
  };
}

process.on('message', (message: { type: string; id: number; round: McpRound }) => {
  if (message.type !== 'run') return;
  const { round } = message;
  void openLoop({
    origin: round.origin,
    rate: round.rate,
    seconds: round.seconds,
    connections: round.connections,
    headers: { authorization: `Bearer ${round.key}` },
    request: (n) => requestOf(round, n),
  }).then(
    (result) => process.send?.({ type: 'result', id: message.id, result }),
    (error: unknown) => process.send?.({ type: 'result', id: message.id, error: String(error) }),
  );
});
process.channel?.ref();
process.send?.({ type: 'ready' });
