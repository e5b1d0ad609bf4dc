import { type Job, Worker } from 'bullmq';
import { bullConnection, QueueName, SCHEDULER_TICK_JOB } from '@intake/queue';
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
});
