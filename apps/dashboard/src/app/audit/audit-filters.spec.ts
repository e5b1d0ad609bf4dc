import {
  auditFiltersOf,
  auditPageCount,
  auditParamsOf,
  auditQueryOf,
  isFiltered,
  NO_FILTERS,
  summaryLines,
} from './audit-filters';

describe('the audit log’s filters', () => {
  it('are read from the address, trimmed, ignoring a page that is not one', () => {
    expect(auditFiltersOf(new URLSearchParams('action=folder.created&actor=usr_1&target=fld_2&page=3'))).toEqual({
      action: 'folder.created',
      actor: 'usr_1',
      target: 'fld_2',
      page: 3,
    });
    expect(auditFiltersOf(new URLSearchParams('action=%20+&page=0'))).toEqual(NO_FILTERS);
    expect(auditFiltersOf(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(auditFiltersOf(new URLSearchParams(`actor=${'k'.repeat(150)}`)).actor).toHaveLength(100);
  });

  it('are written back without blanks and defaults, and read again the same', () => {
    expect(auditParamsOf(NO_FILTERS).toString()).toBe('');
    const filters = { action: 'account.updated', actor: 'usr_1', target: '', page: 2 };
    expect(auditParamsOf(filters).toString()).toBe('action=account.updated&actor=usr_1&page=2');
    expect(auditFiltersOf(auditParamsOf(filters))).toEqual(filters);
    expect(auditParamsOf({ ...NO_FILTERS, target: '  ' }).toString()).toBe('');
  });

  it('become the API’s query: pages of 50, only the filters given', () => {
    expect(auditQueryOf(NO_FILTERS)).toEqual({ limit: 50, offset: 0 });
    expect(auditQueryOf({ action: ' folder.deleted ', actor: '', target: 'fld_1', page: 3 })).toEqual({
      action: 'folder.deleted',
      target: 'fld_1',
      limit: 50,
      offset: 100,
    });
    expect([isFiltered(NO_FILTERS), isFiltered({ ...NO_FILTERS, actor: 'key_1' })]).toEqual([false, true]);
    expect([auditPageCount(0), auditPageCount(50), auditPageCount(51)]).toEqual([1, 1, 2]);
  });

  it('shows an entry’s summary as short lines', () => {
    expect(summaryLines({ name: 'Weddings', fields: ['sender_name', 'default_language'], count: 2 })).toEqual([
      'name: Weddings',
      'fields: ["sender_name","default_language"]',
      'count: 2',
    ]);
    expect(summaryLines({ long: 'x'.repeat(200) })[0]).toHaveLength('long: '.length + 120);
    expect(summaryLines({})).toEqual([]);
  });
});
