import { DatabaseStats, type PoolUsage, type QueueDepth, QueueStats } from '@intake/application-health';
import { Metrics, metricsResponse } from './metrics';

class FakeDatabase extends DatabaseStats {
  lag: number | Error = 3;
  pool(): PoolUsage {
    return { total: 4, idle: 3, waiting: 0, max: 10 };
  }
  outboxLagSeconds(): Promise<number> {
    return this.lag instanceof Error ? Promise.reject(this.lag) : Promise.resolve(this.lag);
  }
}

class FakeQueues extends QueueStats {
  down = false;
  depths(): Promise<QueueDepth[]> {
    return this.down
      ? Promise.reject(new Error('redis away'))
      : Promise.resolve([{ queue: 'scans', state: 'waiting', count: 7 }]);
  }
}

/** The value written for the series `name` whose labels include all of `labels`. */
const valueOf = (body: string, name: string, labels: Record<string, string>) =>
  body
    .split('\n')
    .find(
      (line) =>
        line.startsWith(`${name}{`) &&
        Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`)),
    )
    ?.split(' ')
    .pop();

describe('Metrics', () => {
  const database = new FakeDatabase();
  const queues = new FakeQueues();
  const metrics = new Metrics();
  metrics.bind('api', { database, queues });
  const TOKEN = 'a'.repeat(40);

  it('labels requests by route template, `unmatched` when none, and reads the gauges at scrape time', async () => {
    metrics.observeHttp('GET', '/v1/intakes/:id', 200, 0.02);
    metrics.observeHttp('GET', undefined, 404, 0.001);
    const { status, body } = await metricsResponse(metrics, TOKEN, `Bearer ${TOKEN}`);
    expect(status).toBe(200);
    expect(
      valueOf(body, 'intake_http_request_duration_seconds_count', {
        route: '/v1/intakes/:id',
        status: '200',
        app: 'api',
      }),
    ).toBe('1');
    expect(valueOf(body, 'intake_http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(
      '1',
    );
    expect(valueOf(body, 'intake_outbox_lag_seconds', { app: 'api' })).toBe('3');
    expect(valueOf(body, 'intake_queue_depth', { queue: 'scans', state: 'waiting' })).toBe('7');
    expect(valueOf(body, 'intake_db_pool_connections', { state: 'max' })).toBe('10');
  });

  it('leaves out a gauge whose source is away, counts it, and serves the rest', async () => {
    database.lag = new Error('database away');
    queues.down = true;
    const { status, body } = await metricsResponse(metrics, undefined, undefined);
    expect(status).toBe(200);
    expect(valueOf(body, 'intake_outbox_lag_seconds', {})?.toLowerCase()).toBe('nan');
    expect(body).not.toMatch(/^intake_queue_depth\{/m);
    expect(valueOf(body, 'intake_metrics_source_errors_total', { source: 'database' })).toBe('1');
    expect(valueOf(body, 'intake_metrics_source_errors_total', { source: 'queues' })).toBe('1');
    expect(valueOf(body, 'intake_db_pool_connections', { state: 'total' })).toBe('4');
    database.lag = 0;
    queues.down = false;
  });

  it('refuses a missing or wrong bearer when a token is set', async () => {
    const sameLength = `${TOKEN.slice(0, -1)}${TOKEN.endsWith('x') ? 'y' : 'x'}`;
    for (const header of [undefined, 'Bearer nope', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, `Bearer ${sameLength}`]) {
      const answer = await metricsResponse(metrics, TOKEN, header);
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'unauthorized' });
    }
  });
});
