import { type DependencyName, DependencyProbe } from './ports/dependency-probe.port';
import { checkReadiness } from './readiness';

class FakeProbe extends DependencyProbe {
  constructor(
    readonly dependency: DependencyName,
    private readonly behaviour: 'ok' | 'fail' | 'hang' | 'throw',
  ) {
    super();
  }
  check(): Promise<void> {
    switch (this.behaviour) {
      case 'ok':
        return Promise.resolve();
      case 'fail':
        return Promise.reject(new Error('refused'));
      case 'hang':
        return new Promise(() => undefined);
      case 'throw':
        throw new Error('synchronous failure');
    }
  }
}

describe('checkReadiness', () => {
  it('is ready when every dependency answers', async () => {
    const result = await checkReadiness([new FakeProbe('database', 'ok'), new FakeProbe('redis', 'ok')]);
    expect(result).toEqual({
      ready: true,
      checks: { database: 'ok', redis: 'ok' },
      failing: [],
    });
  });

  it('names each failing dependency, including one that hangs or throws synchronously', async () => {
    const failures: string[] = [];
    const result = await checkReadiness(
      [
        new FakeProbe('database', 'ok'),
        new FakeProbe('redis', 'fail'),
        new FakeProbe('object_storage', 'hang'),
        new FakeProbe('mail_transport', 'throw'),
      ],
      50,
      (dependency) => failures.push(dependency),
    );
    expect(result.ready).toBe(false);
    expect(result.failing.sort()).toEqual(['mail_transport', 'object_storage', 'redis']);
    expect(result.checks.database).toBe('ok');
    expect(failures.sort()).toEqual(['mail_transport', 'object_storage', 'redis']);
  });

  it('says how long a hanging probe was given, in the error passed to onFailure', async () => {
    const errors: unknown[] = [];
    await checkReadiness([new FakeProbe('object_storage', 'hang')], 50, (_, error) => errors.push(error));
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('no answer within 50 ms');
  });

  it('reports a failing dependency without an onFailure callback', async () => {
    await expect(
      checkReadiness([new FakeProbe('redis', 'fail'), new FakeProbe('database', 'ok')], 50),
    ).resolves.toEqual({
      ready: false,
      checks: { redis: 'unavailable', database: 'ok' },
      failing: ['redis'],
    });
  });

  it('leaves no timer behind once every probe has answered', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
    try {
      const result = await checkReadiness([new FakeProbe('database', 'ok'), new FakeProbe('redis', 'fail')]);
      expect(result.failing).toEqual(['redis']);
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
