/**
 * The cost of the metrics' one hook on the request path: Metrics.observeHttp (a histogram
 * observation by method, route template and status), per call, against a plain loop.
 *
 *   SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register tools/bench/metrics-hook.ts
 */
import { cpus, loadavg } from 'node:os';
import { Metrics } from '@intake/http';

const CALLS = 2_000_000;
const metrics = new Metrics();
metrics.bind('bench', {});
const routes = ['/v1/intakes/:id/status', '/v1/intakes', '/v1/intakes/:id'];
const run = () => {
  const started = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i += 1) metrics.observeHttp('GET', routes[i % 3], 200, 0.001 + (i % 50) / 1000);
  return Number(process.hrtime.bigint() - started) / CALLS;
};
run(); // warm up
const perCall = Math.min(run(), run(), run());
const text = metrics.registry.metrics();
void text.then(() => {
  console.log(
    `observeHttp: ${perCall.toFixed(0)} ns per request (best of 3 x ${CALLS}); load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  );
  process.exit(0);
});
