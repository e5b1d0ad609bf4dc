import { addFailure, currentTally, NO_FAILURES, sumTallies } from './failures';

const at = (iso: string) => new Date(`2030-01-01T${iso}Z`);

describe('failure tallies', () => {
  const tally = { failures: 3, lastFailureAt: at('10:00:00') };

  it('counts a tally until its last failure is exactly the quiet time old', () => {
    expect(currentTally(tally, at('10:00:59.999'), 60)).toBe(tally);
    expect(currentTally(tally, at('10:01:00'), 60)).toBe(NO_FAILURES);
    expect(currentTally(NO_FAILURES, at('10:00:00'), 60)).toBe(NO_FAILURES);
    expect(NO_FAILURES).toEqual({ failures: 0, lastFailureAt: null });
  });

  it('adds a failure, keeping the latest time; a forgotten tally starts over at one', () => {
    expect(addFailure(tally, at('10:00:30'), 60)).toEqual({ failures: 4, lastFailureAt: at('10:00:30') });
    expect(addFailure(tally, at('09:59:00'), 60)).toEqual({ failures: 4, lastFailureAt: at('10:00:00') });
    expect(addFailure(tally, at('10:00:00'), 60)).toEqual({ failures: 4, lastFailureAt: at('10:00:00') });
    expect(addFailure(tally, at('10:01:00'), 60)).toEqual({ failures: 1, lastFailureAt: at('10:01:00') });
    expect(addFailure(NO_FAILURES, at('10:00:00'), 60)).toEqual({ failures: 1, lastFailureAt: at('10:00:00') });
  });

  it('sums two tallies of a key, with the later last failure', () => {
    const other = { failures: 2, lastFailureAt: at('10:05:00') };
    expect(sumTallies(tally, other)).toEqual({ failures: 5, lastFailureAt: at('10:05:00') });
    expect(sumTallies(other, tally)).toEqual({ failures: 5, lastFailureAt: at('10:05:00') });
    expect(sumTallies(tally, NO_FAILURES)).toEqual(tally);
    expect(sumTallies(NO_FAILURES, tally)).toEqual(tally);
    expect(sumTallies(tally, tally)).toEqual({ failures: 6, lastFailureAt: at('10:00:00') });
    expect(sumTallies(NO_FAILURES, NO_FAILURES)).toEqual(NO_FAILURES);
  });
});
