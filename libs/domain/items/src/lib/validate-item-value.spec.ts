import { type ItemDefinition, type ItemType, parseItemDefinition, validateItemValue } from '../index';

function define(type: ItemType, extra: Record<string, unknown> = {}): ItemDefinition {
  const { definition, details } = parseItemDefinition({ key: 'k', label: 'L', type, ...extra }, 'item');
  if (!definition) throw new Error(JSON.stringify(details));
  return definition;
}

/** Runs one value through validation and returns the single message, or null when the value is valid. */
function messageFor(definition: ItemDefinition, value: unknown): string | null {
  const details = validateItemValue(definition, value);
  if (details.length === 0) return null;
  expect(details).toHaveLength(1);
  expect(details[0]?.path).toBe('value');
  return details[0]?.message ?? null;
}

describe('validateItemValue: presence and file types', () => {
  it.each(['text', 'email', 'number', 'boolean'] as const)('%s refuses a missing value, even when optional', (type) => {
    expect(validateItemValue(define(type, { required: false }), null)).toEqual([
      { path: 'value', message: 'is required' },
    ]);
    expect(validateItemValue(define(type), undefined, 'answer')).toEqual([{ path: 'answer', message: 'is required' }]);
  });

  it.each(['file', 'file_list', 'image'] as const)('%s takes files, not a value', (type) => {
    expect(validateItemValue(define(type), 'logo.png')).toEqual([
      { path: 'value', message: 'files are uploaded, not sent as a value' },
    ]);
  });
});

describe.each(['text', 'longtext', 'secret'] as const)('validateItemValue: %s', (type) => {
  it.each([
    ['plain text', 'Hello', null],
    ['unicode', 'Žluťoučký kůň 😀', null],
    ['a number', 42, 'must be a string'],
    ['an empty string', '', 'must not be blank'],
    ['only whitespace', ' \t ', 'must not be blank'],
  ])('%s', (_name, value, message) => {
    expect(messageFor(define(type), value)).toBe(message);
  });

  it('counts max_chars in code points', () => {
    const definition = define(type, { constraints: { max_chars: 3 } });
    expect(messageFor(definition, '😀😀😀')).toBeNull();
    expect(messageFor(definition, 'abcd')).toBe('must not be longer than 3 characters');
  });

  it('matches the pattern against the whole value', () => {
    const definition = define(type, { pattern: '[A-Z]{2}\\d{3}' });
    expect(messageFor(definition, 'CZ123')).toBeNull();
    expect(messageFor(definition, 'xCZ123')).toBe('does not match the required pattern');
    expect(messageFor(definition, 'CZ1234')).toBe('does not match the required pattern');
    expect(messageFor(definition, 'cz123')).toBe('does not match the required pattern');
  });

  it('keeps alternation inside the anchors', () => {
    const definition = define(type, { pattern: 'a|b' });
    expect(messageFor(definition, 'a')).toBeNull();
    expect(messageFor(definition, 'ab')).toBe('does not match the required pattern');
  });

  it('uses code-point semantics in patterns', () => {
    expect(messageFor(define(type, { pattern: '.' }), '😀')).toBeNull();
  });
});

describe('validateItemValue: length defaults', () => {
  it.each([
    ['text', 1_000],
    ['secret', 10_000],
    ['longtext', 100_000],
  ] as const)('%s accepts %i characters without max_chars, not one more', (type, limit) => {
    expect(messageFor(define(type), 'x'.repeat(limit))).toBeNull();
    expect(messageFor(define(type), 'x'.repeat(limit + 1))).toBe(`must not be longer than ${limit} characters`);
  });

  it('lets max_chars raise the default', () => {
    expect(messageFor(define('text', { constraints: { max_chars: 2_000 } }), 'x'.repeat(1_500))).toBeNull();
  });

  it('text is a single line; longtext and secret are not', () => {
    expect(messageFor(define('text'), 'a\nb')).toBe('must be a single line');
    expect(messageFor(define('text'), 'a\r\nb')).toBe('must be a single line');
    expect(messageFor(define('longtext'), 'a\nb')).toBeNull();
    expect(messageFor(define('secret'), '-----BEGIN KEY-----\nabc')).toBeNull();
  });
});

describe('validateItemValue: email', () => {
  it.each([
    ['jana@example.com', null],
    ['jana.novak+intake@mail.example.co.uk', null],
    ["o'brien@example.ie", null],
    ['x@xn--80ak6aa92e.com', null],
    ['x@example.xn--p1ai', null],
    ['', 'must be an e-mail address'],
    ['jana', 'must be an e-mail address'],
    ['jana@', 'must be an e-mail address'],
    ['@example.com', 'must be an e-mail address'],
    ['jana@example', 'must be an e-mail address'],
    ['jana@@example.com', 'must be an e-mail address'],
    ['jana@exa mple.com', 'must be an e-mail address'],
    [' jana@example.com', 'must be an e-mail address'],
    ['jana..novak@example.com', 'must be an e-mail address'],
    ['.jana@example.com', 'must be an e-mail address'],
    ['jana@-example.com', 'must be an e-mail address'],
    ['jana@example..com', 'must be an e-mail address'],
    ['jana@example.c', 'must be an e-mail address'],
    ['jana@example.123', 'must be an e-mail address'],
    ['jana@příklad.cz', 'must be an e-mail address'],
    [`${'a'.repeat(65)}@example.com`, 'must be an e-mail address'],
    [42, 'must be a string'],
  ])('%p: %p', (value, message) => {
    expect(messageFor(define('email'), value)).toBe(message);
  });

  it('refuses addresses longer than 254 characters', () => {
    const domain = `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.com`;
    expect(messageFor(define('email'), `${'a'.repeat(6)}@${domain}`)).toBeNull();
    expect(messageFor(define('email'), `${'a'.repeat(10)}@${domain}`)).toBe('must not be longer than 254 characters');
  });
});

describe('validateItemValue: url', () => {
  it.each([
    ['https://example.com', null],
    ['http://example.com/path?q=1#top', null],
    ['https://sub.example.co.uk:8443/a/b', null],
    ['https://localhost', null],
    ['ftp://example.com', 'must be an absolute http or https URL'],
    ['javascript:alert(1)', 'must be an absolute http or https URL'],
    ['mailto:jana@example.com', 'must be an absolute http or https URL'],
    ['example.com', 'must be an absolute http or https URL'],
    ['/relative/path', 'must be an absolute http or https URL'],
    ['https://', 'must be an absolute http or https URL'],
    [' https://example.com', 'must be an absolute http or https URL'],
    ['https://exa mple.com', 'must be an absolute http or https URL'],
    ['https://user:pass@example.com', 'must not contain a user name or password'],
    ['https://user@example.com', 'must not contain a user name or password'],
    [{ href: 'https://example.com' }, 'must be a string'],
  ])('%p: %p', (value, message) => {
    expect(messageFor(define('url'), value)).toBe(message);
  });

  it('refuses URLs longer than 2048 characters', () => {
    expect(messageFor(define('url'), `https://example.com/${'a'.repeat(2_028)}`)).toBeNull();
    expect(messageFor(define('url'), `https://example.com/${'a'.repeat(2_029)}`)).toBe(
      'must not be longer than 2048 characters',
    );
  });
});

describe('validateItemValue: number, date, boolean', () => {
  it.each([
    [0, null],
    [-3.25, null],
    [1e21, null],
    [Number.NaN, 'must be a number'],
    [Infinity, 'must be a number'],
    ['42', 'must be a number'],
    [true, 'must be a number'],
  ])('number %p: %p', (value, message) => {
    expect(messageFor(define('number'), value)).toBe(message);
  });

  it.each([
    ['2025-01-31', null],
    ['2024-02-29', null],
    ['2000-02-29', null],
    ['0001-01-01', null],
    ['2025-02-29', 'is not a real calendar date'],
    ['1900-02-29', 'is not a real calendar date'],
    ['2025-04-31', 'is not a real calendar date'],
    ['2025-13-01', 'is not a real calendar date'],
    ['2025-00-10', 'is not a real calendar date'],
    ['2025-01-00', 'is not a real calendar date'],
    ['0000-01-01', 'is not a real calendar date'],
    ['2025-1-5', 'must be a date in YYYY-MM-DD form'],
    ['2025-01-31T00:00:00Z', 'must be a date in YYYY-MM-DD form'],
    ['31.01.2025', 'must be a date in YYYY-MM-DD form'],
    [20250131, 'must be a string'],
  ])('date %p: %p', (value, message) => {
    expect(messageFor(define('date'), value)).toBe(message);
  });

  it.each([
    [true, null],
    [false, null],
    ['true', 'must be true or false'],
    [1, 'must be true or false'],
  ])('boolean %p: %p', (value, message) => {
    expect(messageFor(define('boolean'), value)).toBe(message);
  });
});

describe('validateItemValue: select and multiselect', () => {
  const select = define('select', { options: ['Red', 'Green', 'Blue'] });
  it.each([
    ['Red', null],
    ['red', 'must be one of the options'],
    ['Purple', 'must be one of the options'],
    [['Red'], 'must be a string'],
  ])('select %p: %p', (value, message) => {
    expect(messageFor(select, value)).toBe(message);
  });

  const multiselect = define('multiselect', { options: ['Red', 'Green', 'Blue'] });
  it.each([
    [['Red'], []],
    [['Red', 'Green', 'Blue'], []],
    [[], [['value', 'must contain at least 1 choice']]],
    ['Red', [['value', 'must be an array of options']]],
    [['Red', 'Pink'], [['value[1]', 'must be one of the options']]],
    [['Red', 3], [['value[1]', 'must be a string']]],
    [['Red', 'Blue', 'Red'], [['value[2]', 'duplicates value[0]']]],
  ])('multiselect %p', (value, expected) => {
    expect(validateItemValue(multiselect, value)).toEqual(expected.map(([path, message]) => ({ path, message })));
  });

  it('applies min_count and max_count', () => {
    const bounded = define('multiselect', {
      options: ['a', 'b', 'c', 'd'],
      constraints: { min_count: 2, max_count: 3 },
    });
    expect(validateItemValue(bounded, ['a'])).toEqual([{ path: 'value', message: 'must contain at least 2 choices' }]);
    expect(validateItemValue(bounded, ['a', 'b'])).toEqual([]);
    expect(validateItemValue(bounded, ['a', 'b', 'c'])).toEqual([]);
    expect(validateItemValue(bounded, ['a', 'b', 'c', 'd'])).toEqual([
      { path: 'value', message: 'must contain at most 3 choices' },
    ]);
    const single = define('multiselect', { options: ['a', 'b'], constraints: { max_count: 1 } });
    expect(validateItemValue(single, ['a', 'b'])).toEqual([
      { path: 'value', message: 'must contain at most 1 choice' },
    ]);
  });

  it('throws on a decision item without options, which parseItemDefinition never produces', () => {
    expect(() => validateItemValue({ ...select, options: null }, 'Red')).toThrow(RangeError);
  });
});

describe('validateItemValue: structured', () => {
  const structured = define('structured', {
    schema: {
      type: 'object',
      required: ['address'],
      properties: { address: { type: 'object', required: ['city'], properties: { city: { type: 'string' } } } },
    },
  });

  it('validates against the schema with nested paths', () => {
    expect(validateItemValue(structured, { address: { city: 'Brno' } })).toEqual([]);
    expect(validateItemValue(structured, { address: {} })).toEqual([
      { path: 'value.address.city', message: 'is required' },
    ]);
    expect(validateItemValue(structured, { address: { city: 'Brno' } }, 'items.company')).toEqual([]);
    expect(validateItemValue(structured, 'Brno', 'answer')).toEqual([{ path: 'answer', message: 'must be an object' }]);
  });
});

describe('validateItemValue: the edges of e-mail, url and date', () => {
  it.each([
    ['@example.com', 'must be an e-mail address'],
    [`${'a'.repeat(64)}@example.com`, null],
    [`${'a'.repeat(65)}@example.com`, 'must be an e-mail address'],
    ['anna@example.com1', 'must be an e-mail address'],
    ['anna@example.1com', 'must be an e-mail address'],
    ['anna@example.xn--p1ai', null],
  ])('email %p: %p', (value, message) => {
    expect(messageFor(define('email'), value)).toBe(message);
  });

  it.each([
    ['ftp://files.example/a', 'must be an absolute http or https URL'],
    ['mailto:anna@example.com', 'must be an absolute http or https URL'],
    ['https://anna@example.com/', 'must not contain a user name or password'],
    ['https://:secret@example.com/', 'must not contain a user name or password'],
    ['http://example.com/', null],
  ])('url %p: %p', (value, message) => {
    expect(messageFor(define('url'), value)).toBe(message);
  });

  it.each([
    ['2025-12-31', null],
    ['x2025-01-01', 'must be a date in YYYY-MM-DD form'],
    ['2025-01-011', 'must be a date in YYYY-MM-DD form'],
  ])('date %p: %p', (value, message) => {
    expect(messageFor(define('date'), value)).toBe(message);
  });
});
