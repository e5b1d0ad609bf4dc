import { runSchedulerPasses, SchedulerPass } from './scheduler-pass.port';

class CountingPass extends SchedulerPass {
  readonly seen: Date[] = [];
  constructor(
    readonly name: string,
    private readonly result: number | Error,
  ) {
    super();
  }
  async run(now: Date): Promise<number> {
    this.seen.push(now);
    if (this.result instanceof Error) throw this.result;
    return this.result;
  }
}

describe('runSchedulerPasses', () => {
  const now = new Date('2026-04-01T09:00:00Z');

  it('runs each pass at the same instant and reports counts', async () => {
    const a = new CountingPass('due_chases', 3);
    const b = new CountingPass('overdue_sweep', 0);
    expect(await runSchedulerPasses([a, b], now)).toEqual({
      now: '2026-04-01T09:00:00.000Z',
      passes: { due_chases: 3, overdue_sweep: 0 },
    });
    expect(a.seen).toEqual([now]);
    expect(b.seen).toEqual([now]);
  });

  it('runs the remaining passes when one fails, then reports the failure', async () => {
    const failing = new CountingPass('broken', new Error('boom'));
    const after = new CountingPass('after', 1);
    await expect(runSchedulerPasses([failing, after], now)).rejects.toThrow('boom');
    expect(after.seen).toHaveLength(1);
  });

  it('starts no further pass once stopped, and hands the signal to the running one', async () => {
    const stop = new AbortController();
    const signals: Array<AbortSignal | undefined> = [];
    const stopping = new (class extends SchedulerPass {
      readonly name = 'stopping';
      async run(_now: Date, signal?: AbortSignal): Promise<number> {
        signals.push(signal);
        stop.abort();
        return 2;
      }
    })();
    const after = new CountingPass('after', 1);
    expect(await runSchedulerPasses([stopping, after], now, stop.signal)).toEqual({
      now: now.toISOString(),
      passes: { stopping: 2 },
    });
    expect(signals).toEqual([stop.signal]);
    expect(after.seen).toEqual([]);
  });

  it('an empty list is an empty report', async () => {
    expect(await runSchedulerPasses([], now)).toEqual({
      now: now.toISOString(),
      passes: {},
    });
  });
});
