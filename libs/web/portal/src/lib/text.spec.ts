import { createText, type Messages } from './text';

const MESSAGES: Messages = {
  greeting: 'Hello {name}, here is what we need from you.',
  progress: { one: '{done} of {total} item done', other: '{done} of {total} items done' },
  chars_left: { one: '{n} character left', few: '{n} characters left (few)', other: '{n} characters left' },
  only_other: { other: '{n} things' },
  chosen: { one: 'one chosen', other: 'some chosen' },
};

describe('text', () => {
  describe('t', () => {
    const { t, has } = createText(MESSAGES, 'en');

    it('fills placeholders and leaves unknown ones as they are', () => {
      expect(t('greeting', { name: 'Anna' })).toBe('Hello Anna, here is what we need from you.');
      expect(t('greeting')).toBe('Hello {name}, here is what we need from you.');
      expect(t('greeting', { name: null })).toBe('Hello {name}, here is what we need from you.');
    });

    it('says the key itself when the catalogue does not have it', () => {
      expect(has('greeting')).toBe(true);
      expect(has('status_unknown')).toBe(false);
      expect(has('toString')).toBe(false);
      expect(t('status_unknown')).toBe('status_unknown');
    });

    it('picks the plural form for {n} and formats numbers for the language', () => {
      expect(t('progress', { n: 1, done: 0, total: 1 })).toBe('0 of 1 item done');
      expect(t('progress', { n: 1200, done: 1000, total: 1200 })).toBe('1,000 of 1,200 items done');
      expect(createText(MESSAGES, 'de').t('progress', { n: 1200, done: 1000, total: 1200 })).toBe(
        '1.000 of 1.200 items done',
      );
    });

    it('uses the language’s plural categories, falling back to other', () => {
      const cs = createText(MESSAGES, 'cs');
      expect(cs.t('chars_left', { n: 1 })).toBe('1 character left');
      expect(cs.t('chars_left', { n: 3 })).toBe('3 characters left (few)');
      expect(cs.t('chars_left', { n: 5 })).toBe('5 characters left');
      // Czech "many" (fractions) is missing from the message: other.
      expect(cs.t('chars_left', { n: 1.5 })).toBe('1,5 characters left');
      expect(cs.t('only_other', { n: 1 })).toBe('1 things');
    });

    it('counts as zero when {n} is not a number', () => {
      expect(t('chosen')).toBe('some chosen');
      expect(t('chosen', { n: '1' })).toBe('some chosen');
      expect(t('chosen', { n: 1 })).toBe('one chosen');
    });
  });

  describe('bytes', () => {
    it('writes SI sizes: whole bytes, one decimal above', () => {
      const { bytes } = createText({}, 'en');
      expect([0, 1, 999, 1000, 1499, 1_500_000, 2_000_000_000].map(bytes)).toEqual([
        '0 bytes',
        '1 byte',
        '999 bytes',
        '1 kB',
        '1.5 kB',
        '1.5 MB',
        '2 GB',
      ]);
    });

    it('stays in gigabytes and treats what is not a number as zero', () => {
      const { bytes } = createText({}, 'en');
      expect(bytes(5_000_000_000_000)).toBe('5,000 GB');
      expect(bytes('1000')).toBe('1 kB');
      expect(bytes(undefined)).toBe('0 bytes');
      expect(bytes('many')).toBe('0 bytes');
    });

    it('writes the number the language’s way', () => {
      expect(createText({}, 'de').bytes(1_500_000)).toBe('1,5 MB');
      expect(createText({}, 'cs').bytes(2_500_000_000)).toBe('2,5 GB');
    });

    it('falls back to plain symbols where Intl has no units', () => {
      const NumberFormat = Intl.NumberFormat;
      const spy = jest.spyOn(Intl, 'NumberFormat').mockImplementation((locales, options) => {
        if (options?.style === 'unit') throw new RangeError('no units');
        return new NumberFormat(locales, options);
      });
      try {
        expect(createText({}, 'de').bytes(1_500_000)).toBe('1,5 MB');
        expect(createText({}, 'en').bytes(12)).toBe('12 B');
      } finally {
        spy.mockRestore();
      }
    });
  });

  describe('dates', () => {
    it('writes a calendar day out, the same day in every time zone', () => {
      expect(createText({}, 'en').calendarDay('2031-03-05')).toBe('March 5, 2031');
      expect(createText({}, 'cs').calendarDay('2031-03-05')).toBe('5. března 2031');
      expect(createText({}, 'de').calendarDay('2031-12-31')).toBe('31. Dezember 2031');
    });

    it('shows what is not a calendar day as it came', () => {
      const { calendarDay } = createText({}, 'en');
      expect(calendarDay('next week')).toBe('next week');
      expect(calendarDay(null)).toBe('');
    });

    it('writes a moment in the browser’s time zone, nothing for what is not a date', () => {
      const { moment } = createText({}, 'en');
      // The hour (and so the day) depends on the zone the test runs in; the minutes do not.
      expect(moment('2031-03-05T08:30:00Z')).toMatch(/^Mar [456], 2031, \d{1,2}:30\s?[AP]M$/);
      expect(createText({}, 'de').moment('2031-03-05T08:30:00Z')).toMatch(/^0[456]\.03\.2031, \d{2}:30$/);
      expect(moment('not a date')).toBe('');
      expect(moment(null)).toBe('');
    });
  });

  describe('either', () => {
    it('lists alternatives in the language', () => {
      expect(createText({}, 'en').either(['PNG', 'JPG', 'PDF'])).toBe('PNG, JPG, or PDF');
      expect(createText({}, 'cs').either(['PNG', 'JPG'])).toBe('PNG nebo JPG');
      expect(createText({}, 'en').either(['PNG'])).toBe('PNG');
    });

    it('joins them with commas where Intl.ListFormat is missing', () => {
      const spy = jest.spyOn(Intl, 'ListFormat').mockImplementation(() => {
        throw new TypeError('Intl.ListFormat is not a constructor');
      });
      try {
        expect(createText({}, 'en').either(['PNG', 'JPG'])).toBe('PNG, JPG');
      } finally {
        spy.mockRestore();
      }
    });
  });
});
