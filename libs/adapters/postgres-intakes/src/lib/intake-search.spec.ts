import { searchPlan } from './intake-search';

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
