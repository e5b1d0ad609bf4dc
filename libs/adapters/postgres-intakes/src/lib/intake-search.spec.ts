import fc from 'fast-check';
import { planDecidedAt, searchPlan } from './intake-search';

describe('searchPlan', () => {
  it('looks a few matches up in a large account', () => {
    // 200 matches of 1,000,000: a walk would read ~100,000 rows for a page of 20.
    expect(searchPlan(200, 1_000_000, 0, 20)).toBe('sparse');
  });

  it('walks the list when most intakes match', () => {
    expect(searchPlan(1_000_000, 1_000_000, 0, 20)).toBe('dense');
    expect(searchPlan(10_000, 1_000_000, 0, 20)).toBe('dense');
  });

  it('weighs a looked-up match as four walked rows, the boundary itself walking', () => {
    // walked = (0 + 20) * 800 / 40 = 400; sparse cost 40 * 4 = 160 < 400
    expect(searchPlan(40, 800, 0, 20)).toBe('sparse');
    // walked = 20 * 320 / 40 = 160 = 40 * 4: not cheaper, so the walk
    expect(searchPlan(40, 320, 0, 20)).toBe('dense');
    expect(searchPlan(40, 321, 0, 20)).toBe('sparse');
  });

  it('counts the rows an offset skips as walked', () => {
    expect(searchPlan(5_000, 1_000_000, 0, 20)).toBe('dense');
    expect(searchPlan(5_000, 1_000_000, 4_000, 20)).toBe('sparse');
  });

  it('has nothing to walk for when nothing matches', () => {
    expect(searchPlan(0, 1_000_000, 0, 20)).toBe('sparse');
    expect(searchPlan(0, 0, 0, 20)).toBe('sparse');
  });
});

describe('searchPlan as matches grow', () => {
  it('never goes back from the walk to looking up (a filtered total that calls for the walk speaks for the unfiltered)', () => {
    fc.assert(
      fc.property(
        fc.nat(2_000_000),
        fc.nat(2_000_000),
        fc.nat(2_000_000),
        fc.nat(20_000),
        fc.integer({ min: 1, max: 100 }),
        (matches, more, scope, offset, limit) => {
          fc.pre(searchPlan(matches, scope, offset, limit) === 'dense');
          expect(searchPlan(matches + more, scope, offset, limit)).toBe('dense');
        },
      ),
    );
  });
});

describe('planDecidedAt', () => {
  const sizes = fc.record({
    scope: fc.nat(2_000_000),
    offset: fc.nat(20_000),
    limit: fc.integer({ min: 1, max: 100 }),
  });

  it('is a count past which the plan is always the walk', () => {
    fc.assert(
      fc.property(sizes, fc.nat(1_000_000), ({ scope, offset, limit }, more) => {
        expect(searchPlan(planDecidedAt(scope, offset, limit) + more, scope, offset, limit)).toBe('dense');
      }),
    );
  });

  it('is no more than two past the last count that looks the matches up', () => {
    fc.assert(
      fc.property(sizes, ({ scope, offset, limit }) => {
        const below = planDecidedAt(scope, offset, limit) - 2;
        fc.pre(below > 0);
        expect(searchPlan(below, scope, offset, limit)).toBe('sparse');
      }),
    );
    // 1,000,000 intakes, a first page of 20: looked up up to 2,236 matches, walked from 2,237.
    expect(planDecidedAt(1_000_000, 0, 20)).toBe(2_238);
    expect(searchPlan(2_236, 1_000_000, 0, 20)).toBe('sparse');
    expect(searchPlan(2_237, 1_000_000, 0, 20)).toBe('dense');
  });
});
