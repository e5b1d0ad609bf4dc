import type { ErrorDetail } from '@intake/errors';
import { parseStructuredSchema, type StructuredSchema, validateStructuredValue } from '../index';

function parse(input: unknown): { schema?: StructuredSchema; details: ErrorDetail[] } {
  const details: ErrorDetail[] = [];
  const schema = parseStructuredSchema(input, 'schema', details);
  return { schema, details };
}

const company: StructuredSchema = {
  type: 'object',
  required: ['name', 'address'],
  properties: {
    name: { type: 'string', description: 'Registered name' },
    employees: { type: 'integer' },
    revenue: { type: 'number' },
    listed: { type: 'boolean' },
    size: { type: 'string', enum: ['small', 'large'] },
    address: {
      type: 'object',
      required: ['city'],
      properties: { city: { type: 'string' }, zip: { type: 'string' } },
    },
    people: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
      },
    },
    extra: { type: 'object' },
  },
};

describe('parseStructuredSchema', () => {
  it('accepts a nested schema and returns an equal copy', () => {
    const result = parse(company);
    expect(result.details).toEqual([]);
    expect(result.schema).toEqual(company);
    expect(result.schema).not.toBe(company);
  });

  it.each(['object', 'array', 'string', 'number', 'integer', 'boolean'])('accepts a bare %s', (type) => {
    expect(parse({ type })).toEqual({ schema: { type }, details: [] });
  });

  it.each([
    ['not an object', 'x', 'schema', 'must be an object'],
    ['missing type', {}, 'schema.type', 'is required'],
    ['unknown type', { type: 'date' }, 'schema.type', 'must be one of object, array, string, number, integer, boolean'],
    ['unknown keyword', { type: 'string', minLength: 1 }, 'schema.minLength', 'is not a supported schema keyword'],
    [
      'properties on a string',
      { type: 'string', properties: {} },
      'schema.properties',
      'is not accepted for schema type string',
    ],
    [
      'required on an array',
      { type: 'array', required: ['a'] },
      'schema.required',
      'is not accepted for schema type array',
    ],
    [
      'items on an object',
      { type: 'object', items: { type: 'string' } },
      'schema.items',
      'is not accepted for schema type object',
    ],
    ['enum on an object', { type: 'object', enum: [{}] }, 'schema.enum', 'is not accepted for schema type object'],
    ['properties not an object', { type: 'object', properties: [] }, 'schema.properties', 'must be an object'],
    [
      'required not an array',
      { type: 'object', required: 'a' },
      'schema.required',
      'must be an array of property names',
    ],
    [
      'required entry not a name',
      { type: 'object', required: ['a', 3] },
      'schema.required[1]',
      'must be a property name',
    ],
    ['required twice', { type: 'object', required: ['a', 'a'] }, 'schema.required[1]', 'duplicates schema.required[0]'],
    [
      'required but not defined',
      { type: 'object', required: ['b'], properties: { a: { type: 'string' } } },
      'schema.required[0]',
      'is not a defined property',
    ],
    ['empty enum', { type: 'string', enum: [] }, 'schema.enum', 'must be an array of 1 to 100 values'],
    ['enum of the wrong type', { type: 'integer', enum: [1, 1.5] }, 'schema.enum[1]', 'must be an integer'],
    ['enum repeated', { type: 'string', enum: ['a', 'a'] }, 'schema.enum[1]', 'is listed twice'],
    ['description not a string', { type: 'string', description: 1 }, 'schema.description', 'must be a string'],
    [
      'description too long',
      { type: 'string', description: 'x'.repeat(2001) },
      'schema.description',
      'must not be longer than 2000 characters',
    ],
    [
      'nested error',
      { type: 'array', items: { type: 'object', properties: { 'first name': { type: 'text' } } } },
      'schema.items.properties["first name"].type',
      'must be one of object, array, string, number, integer, boolean',
    ],
    [
      'blank property name',
      { type: 'object', properties: { ' ': { type: 'string' } } },
      'schema.properties[" "]',
      'property names must be 1 to 100 characters',
    ],
  ])('%s', (_name, input, path, message) => {
    const result = parse(input);
    expect(result.schema).toBeUndefined();
    expect(result.details).toEqual([{ path, message }]);
  });

  it('allows a required property when no properties are listed (a free-form object)', () => {
    expect(parse({ type: 'object', required: ['a'] }).details).toEqual([]);
  });

  it('refuses more than 100 properties', () => {
    const properties = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`p${i}`, { type: 'string' }]));
    expect(parse({ type: 'object', properties }).details).toEqual([
      { path: 'schema.properties', message: 'must not have more than 100 properties' },
    ]);
  });

  it('refuses nesting deeper than 10 levels', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 9; i += 1) schema = { type: 'array', items: schema };
    expect(parse(schema).details).toEqual([]);
    expect(parse({ type: 'array', items: schema }).details).toEqual([
      { path: `schema${'.items'.repeat(10)}`, message: 'nests too deeply (at most 10 levels)' },
    ]);
  });

  it('refuses more than 1000 nodes, once', () => {
    const wide = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, { type: 'string' }]));
    const properties = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [`o${i}`, { type: 'object', properties: wide }]),
    );
    const result = parse({ type: 'object', properties });
    expect(result.details).toEqual([
      { path: 'schema.properties.o9.properties.p89', message: 'has too many nodes (at most 1000 in a schema)' },
    ]);
  });
});

describe('validateStructuredValue', () => {
  const valid = {
    name: 'Acme',
    employees: 12,
    revenue: 1.5,
    listed: false,
    size: 'small',
    address: { city: 'Brno', zip: '60200' },
    people: [{ name: 'Eva', tags: ['ceo'] }, { name: 'Jan' }],
    extra: { anything: [1, 2] },
  };

  it('accepts a value that matches', () => {
    expect(validateStructuredValue(company, valid, 'value')).toEqual([]);
  });

  it('treats null optional properties as absent', () => {
    expect(
      validateStructuredValue(company, { ...valid, employees: null, address: { city: 'Brno', zip: null } }, 'value'),
    ).toEqual([]);
  });

  it.each([
    ['a non-object root', [], [['value', 'must be an object']]],
    ['a missing required property', { ...valid, name: undefined }, [['value.name', 'is required']]],
    ['a null required property', { ...valid, name: null }, [['value.name', 'is required']]],
    ['a blank required string', { ...valid, name: '  ' }, [['value.name', 'is required']]],
    ['a nested missing property', { ...valid, address: { zip: '1' } }, [['value.address.city', 'is required']]],
    ['a nested wrong type', { ...valid, address: { city: 5 } }, [['value.address.city', 'must be a string']]],
    [
      'a property in an array element',
      { ...valid, people: [{ name: 'Eva' }, { tags: [] }] },
      [['value.people[1].name', 'is required']],
    ],
    [
      'a nested array element',
      { ...valid, people: [{ name: 'Eva', tags: ['a', 2] }] },
      [['value.people[0].tags[1]', 'must be a string']],
    ],
    ['a non-array', { ...valid, people: { name: 'Eva' } }, [['value.people', 'must be an array']]],
    ['a fraction for an integer', { ...valid, employees: 1.5 }, [['value.employees', 'must be an integer']]],
    ['a string for a number', { ...valid, revenue: '1.5' }, [['value.revenue', 'must be a number']]],
    ['infinity for a number', { ...valid, revenue: Infinity }, [['value.revenue', 'must be a number']]],
    ['a string for a boolean', { ...valid, listed: 'no' }, [['value.listed', 'must be a boolean']]],
    ['a value outside enum', { ...valid, size: 'medium' }, [['value.size', 'must be one of small, large']]],
    ['an unknown property', { ...valid, ceo: 'Eva' }, [['value.ceo', 'is not a known property']]],
    [
      'an unknown nested property',
      { ...valid, address: { city: 'Brno', country: 'CZ' } },
      [['value.address.country', 'is not a known property']],
    ],
    ['an oddly named unknown property', { ...valid, 'a.b': 1 }, [['value["a.b"]', 'is not a known property']]],
    [
      'several problems at once',
      { name: 1, address: null, people: [{}] },
      [
        ['value.address', 'is required'],
        ['value.name', 'must be a string'],
        ['value.people[0].name', 'is required'],
      ],
    ],
  ])('refuses %s', (_name, value, expected) => {
    const details = validateStructuredValue(company, value, 'value');
    const sorted = [...details].sort((a, b) => a.path.localeCompare(b.path));
    expect(sorted).toEqual(expected.map(([path, message]) => ({ path, message })));
  });

  it('accepts any elements and keys where the schema does not describe them', () => {
    expect(validateStructuredValue({ type: 'array' }, [1, 'a', null], 'v')).toEqual([]);
    expect(validateStructuredValue({ type: 'object' }, { a: { b: 1 } }, 'v')).toEqual([]);
    expect(validateStructuredValue({ type: 'object', required: ['a'] }, {}, 'v')).toEqual([
      { path: 'v.a', message: 'is required' },
    ]);
  });

  it('checks scalar roots and enums of numbers', () => {
    expect(validateStructuredValue({ type: 'integer', enum: [1, 2] }, 2, 'v')).toEqual([]);
    expect(validateStructuredValue({ type: 'integer', enum: [1, 2] }, 3, 'v')).toEqual([
      { path: 'v', message: 'must be one of 1, 2' },
    ]);
    expect(validateStructuredValue({ type: 'string' }, '', 'v')).toEqual([]);
  });
});
