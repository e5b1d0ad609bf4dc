/**
 * The benchmarks' load generator, in a process of its own (startLoadGenerator in common.ts forks
 * it): one target per `run` message, the request paths taken in turn; at saturation autocannon
 * (each connection sends its next request as soon as the previous is answered), at a fixed rate
 * the open-loop generator of open-loop.ts (requests spaced evenly, latency from each one's due
 * time). It answers with the figures of the round.
 */
import autocannon from 'autocannon';
import { type LoadRound, type LoadRoundResult } from './common';
import { openLoop } from './open-loop';

process.on('message', (message: { type: string; id: number; round: LoadRound }) => {
  if (message.type !== 'run') return;
  void run(message.round).then(
    (result) => process.send?.({ type: 'result', id: message.id, result }),
    (error: unknown) => process.send?.({ type: 'result', id: message.id, error: String(error) }),
  );
});
// It lives on its IPC channel (which count-queries.js unrefs for the servers): hold it.
process.channel?.ref();
process.send?.({ type: 'ready' });

async function run(round: LoadRound): Promise<LoadRoundResult> {
  const { paths } = round;
  if (round.rate) {
    const { max: _max, ...result } = await openLoop({
      origin: new URL(round.url).origin,
      rate: round.rate,
      seconds: round.seconds,
      connections: round.connections,
      headers: round.headers,
      request: (n) => ({ method: 'GET', path: paths[n % paths.length] ?? '/' }),
    });
    return result;
  }
  let n = 0;
  const result = await autocannon({
    url: round.url,
    connections: round.connections,
    duration: round.seconds,
    headers: round.headers,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[n++ % paths.length] }) }],
  });
  return {
    requests: result.requests.total,
    sent: result.requests.sent,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    p999: result.latency.p99_9,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
