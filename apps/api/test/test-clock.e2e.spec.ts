import { type Job, Worker } from 'bullmq';
import { newId } from '@intake/ids';
import { bullConnection, QueueName, SCHEDULER_TICK_JOB } from '@intake/queue';
import { listenTo } from '@intake/testing';
import { useApi } from './api-test-app';

describe('shared test clock routes (TEST_CLOCK=enabled)', () => {
  const api = useApi({ TEST_CLOCK: 'enabled' });

  const post = (url: string, payload?: object) => api.t.app.inject({ method: 'POST', url, payload: payload ?? {} });

  it('POST /_test/clock {now} sets the shared clock, and time flows from there', async () => {
    const response = await post('/_test/clock', { now: '2030-01-01T10:59:59Z' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ now: '2030-01-01T10:59:59.000Z' });
  });

  it('POST /_test/clock {advance_seconds} moves it forward', async () => {
    await post('/_test/clock', { now: '2030-01-01T10:59:59Z' });
    const response = await post('/_test/clock', { advance_seconds: 3600 });
    expect(response.statusCode).toBe(200);
    const now = Date.parse(response.json<{ now: string }>().now);
    expect(now - Date.parse('2030-01-01T11:59:59Z')).toBeGreaterThanOrEqual(0);
    expect(now - Date.parse('2030-01-01T11:59:59Z')).toBeLessThan(5_000);
  });

  it.each([
    [{}, 'advance_seconds'],
    [{ advance_seconds: 1, now: '2030-01-01T00:00:00Z' }, 'advance_seconds'],
    [{ advance_seconds: -5 }, 'advance_seconds'],
    [{ advance_seconds: 1.5 }, 'advance_seconds'],
    [{ now: 'tomorrow' }, 'now'],
    [{ advance_seconds: 1, extra: true }, 'extra'],
  ])('refuses %j with 422 naming %s', async (payload, path) => {
    const response = await post('/_test/clock', payload);
    expect(response.statusCode).toBe(422);
    const body = response.json<{ error: string; reason: string; details: Array<{ path: string }> }>();
    expect(body.error).toBe('unprocessable');
    expect(body.reason).toBe('validation_failed');
    expect(body.details.map((d) => d.path)).toContain(path);
  });

  it('POST /_test/tick asks the scheduler for a pass through its queue and returns its report', async () => {
    const seen: string[] = [];
    // Stands in for the scheduler app (which has its own test of the same job contract).
    const worker = new Worker(
      QueueName.Scheduler,
      async (job: Job) => {
        seen.push(job.name);
        return { now: '2030-01-01T12:00:00.000Z', passes: { due_chases: 2 } };
      },
      { connection: bullConnection(api.t.config.redis.url), prefix: `${api.t.config.redis.prefix}:bull` },
    );
    try {
      const response = await post('/_test/tick');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        now: '2030-01-01T12:00:00.000Z',
        passes: { due_chases: 2 },
        drained: ['webhook_deliveries'],
      });
      expect(seen).toEqual([SCHEDULER_TICK_JOB]);
    } finally {
      await worker.close();
    }
  });

  it('POST /_test/tick runs a failed pass again, and after three failures answers 503 with the reason', async () => {
    let attempts = 0;
    const worker = new Worker(
      QueueName.Scheduler,
      async () => {
        attempts += 1;
        if (attempts === 1 || attempts >= 3)
          throw new Error(`canceling statement due to statement timeout (${attempts})`);
        return { now: '2030-01-01T12:00:00.000Z', passes: {} };
      },
      { connection: bullConnection(api.t.config.redis.url), prefix: `${api.t.config.redis.prefix}:bull` },
    );
    try {
      expect((await post('/_test/tick')).statusCode).toBe(200);
      expect(attempts).toBe(2);

      const failed = await post('/_test/tick');
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toMatchObject({
        error: 'service_unavailable',
        message: 'The scheduler pass failed 3 times: canceling statement due to statement timeout (5)',
      });
      expect(attempts).toBe(5);
    } finally {
      await worker.close();
    }
  });

  it('POST /_test/tick wakes the dispatchers and returns once no webhook delivery is due or in flight', async () => {
    const listener = await listenTo(api.environment.db.url, ['webhook_deliveries']);
    const worker = new Worker(QueueName.Scheduler, async () => ({ now: '2030-01-01T12:00:00.000Z', passes: {} }), {
      connection: bullConnection(api.t.config.redis.url),
      prefix: `${api.t.config.redis.prefix}:bull`,
    });
    try {
      await post('/_test/clock', { now: '2030-01-01T12:00:00Z' });
      const { accountId } = await api.owner();
      const endpointId = newId('webhookEndpoint');
      const deliveryId = newId('webhookDelivery');
      await api.db.query(
        `INSERT INTO webhook_endpoints (id, account_id, mode, url, events, format, secret_sealed, created_at)
         VALUES ($1, $2, 'live', 'https://hooks.example.com/', '{intake.archived}', 'raw', 'sealed', now())`,
        [endpointId, accountId],
      );
      await api.db.query(
        `INSERT INTO webhook_deliveries (id, endpoint_id, account_id, event, payload, status, next_retry_at, created_at)
         VALUES ($1, $2, $3, 'intake.archived', '{}', 'pending', '2030-01-01T11:59:00Z', now())`,
        [deliveryId, endpointId, accountId],
      );
      const woken = await listener.heard('webhook_deliveries');
      // Stands in for a dispatcher: it settles the due delivery a moment later.
      const settle = new Promise((resolve) => setTimeout(resolve, 400)).then(() =>
        api.db.query(
          `UPDATE webhook_deliveries SET status = 'delivered', attempts = 1, delivered_at = now(), next_retry_at = NULL
            WHERE id = $1`,
          [deliveryId],
        ),
      );
      const started = Date.now();
      const response = await post('/_test/tick');
      expect(response.statusCode).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(350);
      await settle;
      expect(await listener.heard('webhook_deliveries')).toBeGreaterThan(woken);
      // Settled now: the next tick does not wait.
      const again = Date.now();
      expect((await post('/_test/tick')).statusCode).toBe(200);
      expect(Date.now() - again).toBeLessThan(350);
    } finally {
      await worker.close();
      await listener.close();
    }
  });
});
