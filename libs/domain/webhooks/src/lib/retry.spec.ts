import fc from 'fast-check';
import { MAX_ATTEMPTS, nextAttemptAt, RETRY_DELAYS_SECONDS } from './retry';

const NOW = new Date('2026-06-01T10:00:00.000Z');
const after = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('the retry schedule (docs/contract.md "Delivery and signature")', () => {
  it('is 6 attempts: at once, then +1 min, +5 min, +30 min, +2 h, +6 h', () => {
    expect(MAX_ATTEMPTS).toBe(6);
    expect(RETRY_DELAYS_SECONDS).toEqual([0, 60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600]);
  });

  it.each`
    made | max  | due
    ${0} | ${6} | ${after(0)}
    ${1} | ${6} | ${after(60)}
    ${2} | ${6} | ${after(300)}
    ${3} | ${6} | ${after(1800)}
    ${4} | ${6} | ${after(7200)}
    ${5} | ${6} | ${after(21600)}
    ${6} | ${6} | ${null}
    ${7} | ${6} | ${null}
    ${6} | ${7} | ${after(21600)}
    ${7} | ${7} | ${null}
    ${7} | ${9} | ${after(21600)}
    ${1} | ${1} | ${null}
    ${0} | ${0} | ${null}
  `('after $made attempts of at most $max the next is due $due', ({ made, max, due }) => {
    expect(nextAttemptAt(made, max, NOW)).toEqual(due);
  });

  it('adds up to 8 h 36 min from the first attempt to the sixth', () => {
    let at = NOW;
    for (let made = 1; made < MAX_ATTEMPTS; made += 1) at = nextAttemptAt(made, MAX_ATTEMPTS, at) as Date;
    expect(at.getTime() - NOW.getTime()).toBe((60 + 300 + 1800 + 7200 + 21600) * 1000);
    expect(nextAttemptAt(MAX_ATTEMPTS, MAX_ATTEMPTS, at)).toBeNull();
  });

  it.each([-1, 1.5, Number.NaN])('refuses %s attempts made', (made) => {
    expect(() => nextAttemptAt(made, MAX_ATTEMPTS, NOW)).toThrow(
      new RangeError(`attempts made must be a whole number from 0, not ${made}`),
    );
  });

  it('never schedules before now and never past the sixth hour', () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), (made, max) => {
        const next = nextAttemptAt(made, max, NOW);
        if (made >= max) return next === null;
        const wait = (next as Date).getTime() - NOW.getTime();
        return wait >= 0 && wait <= 6 * 3600 * 1000;
      }),
    );
  });
});
