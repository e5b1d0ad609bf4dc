import { type AppProcess, startAppProcess, useTestEnvironment } from '@intake/testing';

/**
 * SIGTERM under load (issue #17, item 7): the api's real main.ts in a process of its own, six
 * clients sending requests back to back and a load balancer's stand-in polling /readyz. SIGTERM
 * turns readiness 503 at once; the clients stop sending when the poller sees it (as a balancer
 * takes the instance out); every request sent is answered 200 and the process exits 0.
 */
describe('api: SIGTERM while serving', () => {
  const harness = useTestEnvironment();
  let api: AppProcess | undefined;
  afterAll(() => api?.kill());

  it('turns readiness 503 first, answers every request in flight, exits 0', async () => {
    // The drain outlasts the balancer's poll many times over, even on a machine busy with other
    // suites (with 1 s, a CI run once saw the port close before the poller had heard the 503).
    api = await startAppProcess('api', { ...harness.environment.env, SHUTDOWN_DRAIN_SECONDS: '3' });
    const url = api.url;
    let balancerSendsHere = true;
    const readiness: Array<number | string> = [];
    const reasons: string[] = [];
    const outcomes: Array<number | string> = [];
    const client = async (path: string) => {
      while (balancerSendsHere) {
        try {
          const response = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(10_000) });
          await response.arrayBuffer();
          outcomes.push(response.status);
        } catch (error) {
          outcomes.push(error instanceof Error ? `${error.message} ${String(error.cause)}` : String(error));
        }
      }
    };
    const balancer = async () => {
      while (balancerSendsHere) {
        let response: Response;
        try {
          response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(10_000) });
        } catch (error) {
          // A probe that fails takes the instance out as well; the assertions below name it.
          readiness.push(`probe failed: ${String(error)} ${String((error as { cause?: unknown }).cause)}`);
          balancerSendsHere = false;
          break;
        }
        readiness.push(response.status);
        if (response.status === 503) {
          reasons.push(((await response.json()) as { reason: string }).reason);
          balancerSendsHere = false;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const load = Promise.all([
      balancer(),
      ...['/healthz', '/healthz', '/healthz', '/healthz', '/v1/openapi.json', '/v1/openapi.json'].map(client),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sentBefore = outcomes.length;
    api.child.kill('SIGTERM');
    await load;
    const exit = await api.exited;

    expect(sentBefore).toBeGreaterThan(0);
    expect(readiness[0]).toBe(200);
    expect(readiness.at(-1)).toBe(503);
    expect(reasons).toEqual(['shutting_down']);
    expect(outcomes.filter((outcome) => outcome !== 200)).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(sentBefore);
    expect(exit).toEqual({ code: 0, signal: null });
  }, 60_000);
});
