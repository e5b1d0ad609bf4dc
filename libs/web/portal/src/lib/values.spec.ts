import type { ItemType } from './types';
import {
  charsLeft,
  fieldPath,
  humanize,
  nearestPath,
  parentPath,
  readJson,
  readLines,
  readScalar,
  readTextAnswer,
  withScheme,
} from './values';

/** Runs a reader and collects what it reports. */
function reading<T>(read: (report: (key: string) => void) => T): { value: T; errors: string[] } {
  const errors: string[] = [];
  const value = read((key) => errors.push(key));
  return { value, errors };
}

describe('reading a text-like answer', () => {
  const read = (type: ItemType, input: string) => reading((report) => readTextAnswer(type, input, report));

  it('keeps text as typed, spaces and line breaks included', () => {
    expect(read('text', '  Sourdough ')).toEqual({ value: '  Sourdough ', errors: [] });
    expect(read('longtext', 'Line one\nLine two\n')).toEqual({ value: 'Line one\nLine two\n', errors: [] });
    expect(read('secret', ' pa ss ')).toEqual({ value: ' pa ss ', errors: [] });
  });

  it('trims e-mail addresses, dates, URLs and numbers', () => {
    expect(read('email', ' anna@bakery.example ')).toEqual({ value: 'anna@bakery.example', errors: [] });
    expect(read('date', ' 2031-03-05 ')).toEqual({ value: '2031-03-05', errors: [] });
  });

  it('reports an empty answer as required, an empty number as not a number', () => {
    for (const type of ['text', 'longtext', 'secret', 'email', 'url', 'date'] as const) {
      expect([type, read(type, '  \n ')]).toEqual([type, { value: null, errors: ['err_required'] }]);
    }
    expect(read('number', ' ')).toEqual({ value: null, errors: ['err_number'] });
  });

  it('sends numbers as numbers and reports what is not one', () => {
    expect(read('number', ' 12.5 ')).toEqual({ value: 12.5, errors: [] });
    expect(read('number', '-3e2')).toEqual({ value: -300, errors: [] });
    expect(read('number', '12,5')).toEqual({ value: NaN, errors: ['err_number'] });
    expect(read('number', 'Infinity')).toEqual({ value: Infinity, errors: ['err_number'] });
  });

  it('puts https:// in front of an address without a scheme', () => {
    expect(read('url', ' bakery.example/menu ')).toEqual({ value: 'https://bakery.example/menu', errors: [] });
    expect(read('url', 'http://bakery.example')).toEqual({ value: 'http://bakery.example', errors: [] });
    expect(withScheme('mailto:anna@bakery.example')).toBe('mailto:anna@bakery.example');
    expect(withScheme('HTTPS://BAKERY.EXAMPLE')).toBe('HTTPS://BAKERY.EXAMPLE');
  });
});

describe('reading the fields of a structured item', () => {
  it('reads a scalar: empty is null, numbers and integers are checked', () => {
    expect(reading((r) => readScalar('string', ' ', r))).toEqual({ value: null, errors: [] });
    expect(reading((r) => readScalar('string', ' a ', r))).toEqual({ value: ' a ', errors: [] });
    expect(reading((r) => readScalar('number', '2.5', r))).toEqual({ value: 2.5, errors: [] });
    expect(reading((r) => readScalar('integer', '3', r))).toEqual({ value: 3, errors: [] });
    expect(reading((r) => readScalar('integer', '2.5', r))).toEqual({ value: 2.5, errors: ['err_integer'] });
    expect(reading((r) => readScalar('number', 'two', r))).toEqual({ value: NaN, errors: ['err_number'] });
  });

  it('reads a list one entry per line, skipping blank lines', () => {
    expect(reading((r) => readLines('string', ' Mon \n\nTue\n  ', r))).toEqual({ value: ['Mon', 'Tue'], errors: [] });
    expect(reading((r) => readLines('integer', '1\n 2 ', r))).toEqual({ value: [1, 2], errors: [] });
    expect(reading((r) => readLines('number', '\n \n', r))).toEqual({ value: null, errors: [] });
  });

  it('reports every entry of a number list that is not one', () => {
    expect(reading((r) => readLines('integer', '1\n1.5\nx', r))).toEqual({
      value: [1, 1.5, NaN],
      errors: ['err_integer', 'err_integer'],
    });
    expect(reading((r) => readLines('number', '1.5\nx', r))).toEqual({ value: [1.5, NaN], errors: ['err_number'] });
  });

  it('reads free-form JSON and reports what does not parse', () => {
    expect(reading((r) => readJson(' {"a": [1, 2]} ', r))).toEqual({ value: { a: [1, 2] }, errors: [] });
    expect(reading((r) => readJson('  ', r))).toEqual({ value: null, errors: [] });
    expect(reading((r) => readJson('{a: 1}', r))).toEqual({ value: null, errors: ['err_json'] });
  });
});

describe('counting characters', () => {
  it('counts code points as the API does, so an emoji is one character', () => {
    expect(charsLeft('abc', 5)).toBe(2);
    expect(charsLeft('🥐🥐', 2)).toBe(0);
    expect(charsLeft('Příliš žluťoučký', 10)).toBe(-6);
  });
});

describe('error paths', () => {
  it('names a property, quoting one that is not an identifier', () => {
    expect(fieldPath('value', 'opening_hours')).toBe('value.opening_hours');
    expect(fieldPath('value[0]', 'e-mail')).toBe('value[0].e-mail');
    expect(fieldPath('value', 'first name')).toBe('value["first name"]');
    expect(fieldPath('value', '2nd')).toBe('value["2nd"]');
  });

  it('goes one level up', () => {
    expect(parentPath('value.contacts[2].name')).toBe('value.contacts[2]');
    expect(parentPath('value.contacts[2]')).toBe('value.contacts');
    expect(parentPath('value["first name"]')).toBe('value');
    expect(parentPath('value')).toBe('');
  });

  it('finds the nearest path that has a field', () => {
    const fields = new Set(['value', 'value.contacts', 'value.contacts[0].name']);
    const has = (path: string) => fields.has(path);
    expect(nearestPath('value.contacts[0].name', has)).toBe('value.contacts[0].name');
    expect(nearestPath('value.contacts[1].name', has)).toBe('value.contacts');
    expect(nearestPath('value.other', has)).toBe('value');
    expect(nearestPath('files[0]', has)).toBe('');
    expect(nearestPath('', has)).toBe('');
  });
});

describe('labels from property names', () => {
  it('turns snake and kebab case into a sentence', () => {
    expect(humanize('opening_hours')).toBe('Opening hours');
    expect(humanize('vat-id')).toBe('Vat id');
    expect(humanize('__name__')).toBe('Name');
    expect(humanize('')).toBe('');
  });
});
