import { clientFiltersOf, clientPageCount, clientParamsOf, clientsQueryOf, intakesOfClient } from './clients';

describe('the clients list', () => {
  it('keeps its search and page in the address', () => {
    expect(clientFiltersOf(new URLSearchParams('q=anna&page=2'))).toEqual({ q: 'anna', page: 2 });
    expect(clientFiltersOf(new URLSearchParams('page=0'))).toEqual({ q: '', page: 1 });
    expect(clientFiltersOf(new URLSearchParams(`q=${'a'.repeat(120)}`)).q).toHaveLength(100);
    expect(clientParamsOf({ q: '', page: 1 }).toString()).toBe('');
    expect(clientParamsOf({ q: 'anna b', page: 3 }).toString()).toBe('q=anna+b&page=3');
  });

  it('asks the API for pages of 20, a blank search being none', () => {
    expect(clientsQueryOf({ q: '  ', page: 1 })).toEqual({ limit: 20, offset: 0 });
    expect(clientsQueryOf({ q: ' anna ', page: 3 })).toEqual({ q: 'anna', limit: 20, offset: 40 });
    expect([clientPageCount(0), clientPageCount(20), clientPageCount(21)]).toEqual([1, 1, 2]);
  });

  it('links each client to the intakes list filtered by the e-mail address', () => {
    expect(intakesOfClient('anna+shop@bakery.example')).toBe('/intakes?client=anna%2Bshop%40bakery.example');
  });
});
