import { startTestApp, useTestEnvironment } from '@intake/testing';
import { DispatcherModule } from '../src/app/dispatcher.module';

describe('webhook-dispatcher app', () => {
  const harness = useTestEnvironment();

  it('serves /healthz and /readyz (database and Redis) on its probe port', async () => {
    const t = await startTestApp(harness.environment.env, (c) => DispatcherModule.forRoot(c), {
      app: 'webhook-dispatcher',
    });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    } finally {
      await t.close();
    }
  });

  it('/readyz is 503 naming the database when it cannot be reached', async () => {
    const t = await startTestApp(
      { ...harness.environment.env, DATABASE_URL: harness.environment.db.url },
      (c) => DispatcherModule.forRoot(c),
      { app: 'webhook-dispatcher' },
    );
    try {
      // Take the database away under the running app.
      await harness.environment.db.drop();
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ error: 'service_unavailable', params: { failing: ['database'] } });
    } finally {
      await t.close();
    }
  });
});
