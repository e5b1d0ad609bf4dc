import { sendAndRecord } from './send-and-record';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('sendAndRecord', () => {
  it('keeps `concurrency` sends in flight and records outcomes in groups while a group is being recorded', async () => {
    let inFlight = 0;
    let most = 0;
    const groups: number[][] = [];
    const sent = await sendAndRecord(
      Array.from({ length: 40 }, (_, i) => i),
      4,
      async (n) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await tick();
        inFlight -= 1;
        return n;
      },
      async (group) => {
        groups.push(group);
        for (let i = 0; i < 3; i += 1) await tick(); // a transaction takes a few sends' time
      },
    );
    expect(sent).toBe(40);
    expect(most).toBe(4);
    expect(groups.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(groups.length).toBeLessThan(40); // grouped, not one transaction per send
    expect(groups.some((g) => g.length > 1)).toBe(true);
  });

  it('records nothing for an undefined outcome, and nothing at all for an empty batch', async () => {
    const recorded: string[] = [];
    const record = async (group: string[]) => void recorded.push(...group);
    expect(await sendAndRecord(['a', 'b', 'c'], 2, async (x) => (x === 'b' ? undefined : x), record)).toBe(3);
    expect(recorded.sort()).toEqual(['a', 'c']);
    expect(await sendAndRecord([], 2, async (x: string) => x, record)).toBe(0);
    expect(recorded).toHaveLength(2);
  });

  it('after a failed send starts no further one, records what was sent, then throws the failure', async () => {
    const started: number[] = [];
    const recorded: number[] = [];
    await expect(
      sendAndRecord(
        [1, 2, 3, 4, 5, 6, 7, 8],
        2,
        async (n) => {
          started.push(n);
          await tick();
          if (n === 3) throw new Error('database gone');
          return n;
        },
        async (group) => void recorded.push(...group),
      ),
    ).rejects.toThrow('database gone');
    expect(started).toEqual([1, 2, 3, 4]); // 4 was already on its way when 3 failed
    expect(recorded.sort()).toEqual([1, 2, 4]);
  });

  it('a failed record stops the sending, still records the group after it, then throws', async () => {
    const started: number[] = [];
    const recorded: number[][] = [];
    await expect(
      sendAndRecord(
        [1, 2, 3, 4, 5, 6],
        1,
        async (n) => {
          started.push(n);
          await tick();
          await tick();
          return n;
        },
        async (group) => {
          await tick();
          if (group.includes(1)) throw new Error('deadlock detected');
          recorded.push(group);
        },
      ),
    ).rejects.toThrow('deadlock detected');
    expect(started).toEqual([1, 2]); // 2 was on its way when the first group failed
    expect(recorded).toEqual([[2]]);
  });
});
