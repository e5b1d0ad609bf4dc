import { formatCalendarDay, formatMessage, formatNumber, pickForm, translator } from './format';
import { type Catalogue, placeholdersOf } from './message';

const items = { one: '{n} item', few: '{n} items (few)', many: '{n} items (many)', other: '{n} items' };

describe('formatMessage', () => {
  it('fills placeholders and leaves those without a value as they are', () => {
    expect(formatMessage('Hello {name}, {name}!', { name: 'Anna' }, 'en')).toBe('Hello Anna, Anna!');
    expect(formatMessage('Hello {name}', {}, 'en')).toBe('Hello {name}');
    expect(formatMessage('Hello {name}', { name: null }, 'en')).toBe('Hello {name}');
    expect(formatMessage('Hello {name}', { name: '' }, 'en')).toBe('Hello ');
  });

  it('inserts values as text: a `{…}` in a value is not filled again, `$&` is not a pattern', () => {
    expect(formatMessage('{a} {b}', { a: '{b}', b: '$&' }, 'en')).toBe('{b} $&');
  });

  it('writes numbers the language’s way', () => {
    expect(formatMessage('{done} of {total}', { done: 1000, total: 1200 }, 'en')).toBe('1,000 of 1,200');
    expect(formatMessage('{done} of {total}', { done: 1000, total: 1200 }, 'de')).toBe('1.000 of 1.200');
    expect(formatNumber(1.5, 'cs')).toBe('1,5');
    expect(formatNumber(12_345, 'cs')).toBe('12\u00a0345');
  });

  it('writes a Date as a long date, by default the day in UTC', () => {
    const day = new Date('2027-03-31T23:30:00Z');
    expect(formatMessage('by {date}', { date: day }, 'de')).toBe('by 31. März 2027');
    expect(formatMessage('by {date}', { date: day }, 'de', { timeZone: 'Europe/Prague' })).toBe('by 1. April 2027');
    expect(formatMessage('by {date}', { date: new Date(Number.NaN) }, 'en')).toBe('by ');
  });

  it.each([
    ['cs', [1, 2, 4, 5, 0], ['1 item', '2 items (few)', '4 items (few)', '5 items', '0 items']],
    ['pl', [1, 2, 5, 22, 25], ['1 item', '2 items (few)', '5 items (many)', '22 items (few)', '25 items (many)']],
    ['en', [1, 2, 0], ['1 item', '2 items', '0 items']],
  ])('picks %s plural forms for the count {n} with Intl.PluralRules', (language, counts, expected) => {
    expect(counts.map((n) => formatMessage(items, { n }, language))).toEqual(expected);
  });

  it('falls back to `other` for a form the message lacks, and counts zero without a numeric {n}', () => {
    expect(formatMessage({ one: 'one', other: 'other {n}' }, { n: 3 }, 'cs')).toBe('other 3');
    expect(formatMessage({ one: 'one', other: 'other' }, { n: '1' }, 'en')).toBe('other');
    expect(formatMessage({ one: 'one', other: 'other' }, {}, 'en')).toBe('other');
    expect(pickForm({ one: '', other: 'other' }, 1, 'en')).toBe('other');
    expect(pickForm('text', 1, 'en')).toBe('text');
  });
});

describe('formatCalendarDay', () => {
  it.each([
    ['de', '31. März 2027'],
    ['cs', '31. března 2027'],
    ['sk', '31. marca 2027'],
    ['pl', '31 marca 2027'],
    ['es', '31 de marzo de 2027'],
    ['en', 'March 31, 2027'],
  ])('writes 2027-03-31 in %s as %s', (language, expected) => {
    expect(formatCalendarDay('2027-03-31', language)).toBe(expected);
  });

  it('is the same day whatever the zone of the process, and leaves what is not a day alone', () => {
    expect(formatCalendarDay('2027-01-01', 'en')).toBe('January 1, 2027');
    expect(['2027-02-30', '2027-13-01', '31.3.2027', '2027-3-31', ''].map((d) => formatCalendarDay(d, 'en'))).toEqual([
      '2027-02-30',
      '2027-13-01',
      '31.3.2027',
      '2027-3-31',
      '',
    ]);
  });
});

describe('translator and placeholders', () => {
  const catalogue: Catalogue<'hello' | 'files'> = {
    hello: 'Hello {name}',
    files: { one: '{n} file', other: '{n} files' },
  };

  it('formats a catalogue’s key in one language', () => {
    const t = translator(catalogue, 'de');
    expect(t('hello', { name: 'Jana' })).toBe('Hello Jana');
    expect(t('files', { n: 1000 })).toBe('1.000 files');
    expect(t('hello')).toBe('Hello {name}');
  });

  it('lists the placeholders of every form, once, sorted', () => {
    expect(placeholdersOf('{b} and {a} and {b}')).toEqual(['a', 'b']);
    expect(placeholdersOf({ one: 'one {x}', other: '{n} {y}' })).toEqual(['n', 'x', 'y']);
    expect(placeholdersOf('no { placeholder } here {}')).toEqual([]);
  });
});
