import { fixedWindow } from '@intake/domain-kernel';
import { newId } from '@intake/ids';
import { type WindowCounter } from '@intake/kernel';

export interface WindowCounterFixture {
  counter: WindowCounter;
  teardown(): Promise<void>;
}

/** The behaviour every WindowCounter must have: atomic counts per key and fixed window. */
export function describeWindowCounterContract(name: string, setup: () => Promise<WindowCounterFixture>): void {
  describe(`WindowCounter contract: ${name}`, () => {
    let f: WindowCounterFixture;
    let key: string;
    const window = fixedWindow(new Date('2030-01-01T10:15:00Z'), 3600);
    const next = fixedWindow(new Date('2030-01-01T11:00:00Z'), 3600);

    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.teardown();
    });
    beforeEach(() => {
      key = `test:${newId('request')}`;
    });

    it('starts at zero and counts one up per increment, answering the new count', async () => {
      expect(await f.counter.read(key, window)).toBe(0);
      expect(await f.counter.increment(key, window)).toBe(1);
      expect(await f.counter.increment(key, window)).toBe(2);
      expect(await f.counter.increment(key, window)).toBe(3);
      expect(await f.counter.read(key, window)).toBe(3);
    });

    it('counts each key and each window apart', async () => {
      await f.counter.increment(key, window);
      await f.counter.increment(key, window);
      expect(await f.counter.increment(`${key}:other`, window)).toBe(1);
      expect(await f.counter.increment(key, next)).toBe(1);
      expect(await f.counter.read(key, window)).toBe(2);
      expect(await f.counter.read(`${key}:other`, next)).toBe(0);
    });

    it('counts concurrent increments atomically: each caller gets its own count', async () => {
      const counts = await Promise.all(Array.from({ length: 25 }, () => f.counter.increment(key, window)));
      expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect(await f.counter.read(key, window)).toBe(25);
    });

    it('resets one key in one window only; resetting an unknown one is fine', async () => {
      await f.counter.increment(key, window);
      await f.counter.increment(key, next);
      await f.counter.increment(`${key}:other`, window);
      await f.counter.reset(key, window);
      await f.counter.reset(`${key}:never`, window);
      expect(await f.counter.read(key, window)).toBe(0);
      expect(await f.counter.read(key, next)).toBe(1);
      expect(await f.counter.read(`${key}:other`, window)).toBe(1);
      expect(await f.counter.increment(key, window)).toBe(1);
    });
  });
}
