import { newId } from '@intake/ids';
import { type FailureCounter } from '@intake/kernel';

export interface FailureCounterFixture {
  counter: FailureCounter;
  teardown(): Promise<void>;
}

const DAY = 24 * 3600;
const at = (iso: string) => new Date(`2030-01-01T${iso}Z`);

/** The behaviour every FailureCounter must have: atomic tallies per key, forgotten after a quiet time. */
export function describeFailureCounterContract(name: string, setup: () => Promise<FailureCounterFixture>): void {
  describe(`FailureCounter contract: ${name}`, () => {
    let f: FailureCounterFixture;
    let key: string;

    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.teardown();
    });
    beforeEach(() => {
      key = `test:${newId('request')}`;
    });

    it('knows no failures of an unknown key, then counts each with the time of the last', async () => {
      expect(await f.counter.read(key)).toEqual({ failures: 0, lastFailureAt: null });
      expect(await f.counter.record(key, at('10:00:00'), DAY)).toEqual({ failures: 1, lastFailureAt: at('10:00:00') });
      expect(await f.counter.record(key, at('10:00:05'), DAY)).toEqual({ failures: 2, lastFailureAt: at('10:00:05') });
      expect(await f.counter.read(key)).toEqual({ failures: 2, lastFailureAt: at('10:00:05') });
    });

    it('keeps milliseconds, and the latest failure when an earlier one is counted after it', async () => {
      await f.counter.record(key, at('10:00:00.250'), DAY);
      expect(await f.counter.record(key, at('09:59:59.999'), DAY)).toEqual({
        failures: 2,
        lastFailureAt: at('10:00:00.250'),
      });
    });

    it('starts over at one when the last failure is exactly the quiet time old, not a millisecond sooner', async () => {
      await f.counter.record(key, at('10:00:00'), 60);
      await f.counter.record(key, at('10:00:59.999'), 60);
      expect((await f.counter.record(key, at('10:01:59.998'), 60)).failures).toBe(3);
      expect(await f.counter.record(key, at('10:02:59.998'), 60)).toEqual({
        failures: 1,
        lastFailureAt: at('10:02:59.998'),
      });
    });

    it('counts each key apart, and clears one key only', async () => {
      await f.counter.record(key, at('10:00:00'), DAY);
      await f.counter.record(key, at('10:00:01'), DAY);
      await f.counter.record(`${key}:other`, at('10:00:02'), DAY);
      await f.counter.clear(key);
      await f.counter.clear(`${key}:never`);
      expect(await f.counter.read(key)).toEqual({ failures: 0, lastFailureAt: null });
      expect(await f.counter.read(`${key}:other`)).toEqual({ failures: 1, lastFailureAt: at('10:00:02') });
      expect((await f.counter.record(key, at('10:00:03'), DAY)).failures).toBe(1);
    });

    it('counts concurrent failures atomically: each caller gets its own count', async () => {
      const tallies = await Promise.all(
        Array.from({ length: 25 }, (_, i) => f.counter.record(key, new Date(at('10:00:00').getTime() + i), DAY)),
      );
      expect(tallies.map((t) => t.failures).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect(await f.counter.read(key)).toEqual({
        failures: 25,
        lastFailureAt: new Date(at('10:00:00').getTime() + 24),
      });
    });
  });
}
