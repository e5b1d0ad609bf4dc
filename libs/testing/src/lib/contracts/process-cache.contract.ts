import { newId } from '@intake/ids';
import { type ProcessCache } from '@intake/kernel';

export interface ProcessCacheFixture {
  /** Two caches standing for two processes of one deployment. */
  here: ProcessCache;
  there: ProcessCache;
  teardown(): Promise<void>;
}

/** Polls until `probe` is true; false after `ms`. */
async function within(ms: number, probe: () => boolean): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

/** The behaviour every ProcessCache must have: per process, emptied of a tag everywhere within a second. */
export function describeProcessCacheContract(name: string, setup: () => Promise<ProcessCacheFixture>): void {
  describe(`ProcessCache contract: ${name}`, () => {
    let f: ProcessCacheFixture;
    let key: string;
    let tag: string;

    beforeAll(async () => {
      f = await setup();
    });
    afterAll(async () => {
      await f?.teardown();
    });
    beforeEach(() => {
      key = `test:${newId('request')}`;
      tag = `tag:${newId('request')}`;
    });

    /** Remembers in `cache` once it caches at all (a subscriber may still be connecting). */
    const remembered = (cache: ProcessCache, value: unknown) =>
      within(2_000, () => {
        cache.remember(key, [tag], value, cache.ticket());
        return cache.get(key) !== undefined;
      });

    it('keeps a value per process: what one remembers, the other does not see', async () => {
      expect(await remembered(f.here, { n: 1 })).toBe(true);
      expect(f.here.get(key)).toEqual({ n: 1 });
      expect(f.there.get(key)).toBeUndefined();
    });

    it('drops a tag here at once and there within a second, leaving other tags alone', async () => {
      const other = `${key}:other`;
      expect(await remembered(f.here, 'a')).toBe(true);
      expect(await remembered(f.there, 'b')).toBe(true);
      f.there.remember(other, ['another tag'], 'c', f.there.ticket());
      await f.here.invalidate(tag);
      expect(f.here.get(key)).toBeUndefined();
      expect(await within(1_000, () => f.there.get(key) === undefined)).toBe(true);
      expect(f.there.get(other)).toBe('c');
    });

    it('does not remember a read that began before an invalidation', async () => {
      expect(await remembered(f.there, 'warm')).toBe(true); // it hears the channel
      const ticket = f.there.ticket();
      await f.here.invalidate(`${tag}:unrelated`);
      expect(await within(1_000, () => f.there.ticket() !== ticket)).toBe(true);
      f.there.remember(`${key}:late`, [tag], 'stale', ticket);
      expect(f.there.get(`${key}:late`)).toBeUndefined();
    });
  });
}
