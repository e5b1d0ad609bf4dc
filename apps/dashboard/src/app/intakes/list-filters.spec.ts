import { filtersOf, listQueryOf, pageCount, paramsOf, percent } from './list-filters';

describe('the intakes list’s filters', () => {
  it('are read from the address, ignoring what is not valid', () => {
    expect(filtersOf(new URLSearchParams('q=bakery&status=sent&folder=none&mode=test&page=3'))).toEqual({
      q: 'bakery',
      status: 'sent',
      folder: 'none',
      mode: 'test',
      client: '',
      page: 3,
    });
    expect(filtersOf(new URLSearchParams('status=stalled&mode=sandbox&page=-1'))).toEqual({
      q: '',
      status: '',
      folder: '',
      mode: '',
      client: '',
      page: 1,
    });
    expect(filtersOf(new URLSearchParams('page=1.5')).page).toBe(1);
    expect(filtersOf(new URLSearchParams('client=%20anna%40bakery.example%20')).client).toBe('anna@bakery.example');
    expect(filtersOf(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('are written back without the defaults', () => {
    expect(paramsOf({ q: '', status: '', folder: '', mode: '', client: '', page: 1 }).toString()).toBe('');
    expect(paramsOf({ q: 'a b', status: 'draft', folder: 'fld_1', mode: 'live', client: '', page: 2 }).toString()).toBe(
      'q=a+b&status=draft&folder=fld_1&mode=live&page=2',
    );
  });

  it('keep a client’s e-mail address, which the clients page links with', () => {
    const filters = { q: '', status: '', folder: '', mode: '', client: 'anna+shop@bakery.example', page: 1 } as const;
    expect(paramsOf(filters).toString()).toBe('client=anna%2Bshop%40bakery.example');
    expect(filtersOf(paramsOf(filters))).toEqual(filters);
    expect(listQueryOf(filters)).toEqual({ client_email: 'anna+shop@bakery.example', limit: 20, offset: 0 });
  });

  it('become the API’s query: a blank search is none, pages of 20', () => {
    expect(listQueryOf({ q: '  ', status: '', folder: '', mode: '', client: '', page: 1 })).toEqual({
      limit: 20,
      offset: 0,
    });
    expect(
      listQueryOf({ q: ' bakery ', status: 'completed', folder: 'none', mode: 'test', client: '', page: 3 }),
    ).toEqual({
      q: 'bakery',
      status: 'completed',
      folder_id: 'none',
      mode: 'test',
      limit: 20,
      offset: 40,
    });
  });

  it('count pages and progress', () => {
    expect([pageCount(0), pageCount(20), pageCount(21)]).toEqual([1, 1, 2]);
    expect([percent(0, 0), percent(1, 3), percent(5, 5)]).toEqual([0, 33, 100]);
  });
});
