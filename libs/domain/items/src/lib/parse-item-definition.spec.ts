import {
  CONSTRAINT_KEYS,
  type ConstraintKey,
  ITEM_TYPES,
  type ItemType,
  parseItemDefinition,
  parseItemDefinitions,
} from '../index';

/** The smallest valid definition of each type. */
function base(type: ItemType): Record<string, unknown> {
  const extra: Record<string, unknown> =
    type === 'select' || type === 'multiselect'
      ? { options: ['a', 'b', 'c'] }
      : type === 'structured'
        ? { schema: { type: 'object', properties: { name: { type: 'string' } } } }
        : {};
  return { key: 'logo', type, label: 'Logo', ...extra };
}

const SAMPLE_CONSTRAINTS: Record<ConstraintKey, unknown> = {
  formats: ['png'],
  min_width: 100,
  transparent_background: true,
  max_chars: 50,
  min_count: 1,
  max_count: 2,
  max_bytes: 1000,
};

// Written out independently of ITEM_TYPE_RULES so a wrong edit to the table fails here.
const ACCEPTED: Record<ItemType, ConstraintKey[]> = {
  image: ['formats', 'min_width', 'transparent_background', 'max_bytes'],
  file: ['formats', 'max_bytes'],
  file_list: ['formats', 'max_bytes', 'min_count', 'max_count'],
  longtext: ['max_chars'],
  text: ['max_chars'],
  secret: ['max_chars'],
  structured: [],
  select: [],
  multiselect: ['min_count', 'max_count'],
  email: [],
  url: [],
  number: [],
  date: [],
  boolean: [],
};

const cases = ITEM_TYPES.flatMap((type) =>
  CONSTRAINT_KEYS.map((key) => [type, key, ACCEPTED[type].includes(key)] as const),
);

describe('parseItemDefinition: constraints by type', () => {
  it.each(cases)('%s with %s: accepted %s', (type, key, accepted) => {
    const result = parseItemDefinition({ ...base(type), constraints: { [key]: SAMPLE_CONSTRAINTS[key] } }, 'items[2]');
    if (accepted) {
      expect(result.details).toEqual([]);
      expect(result.definition?.constraints).toEqual({ [key]: SAMPLE_CONSTRAINTS[key] });
    } else {
      expect(result.definition).toBeUndefined();
      expect(result.details).toEqual([
        { path: `items[2].constraints.${key}`, message: `is not accepted for type ${type}` },
      ]);
    }
  });

  it('refuses unknown constraint keys and ignores null values', () => {
    expect(parseItemDefinition({ ...base('text'), constraints: { min_length: 3 } }, 'items[0]').details).toEqual([
      { path: 'items[0].constraints.min_length', message: 'is not a known constraint' },
    ]);
    const cleared = parseItemDefinition({ ...base('text'), constraints: { max_chars: null, formats: null } }, 'i');
    expect(cleared.details).toEqual([]);
    expect(cleared.definition?.constraints).toEqual({});
  });

  it('refuses constraints that are not an object', () => {
    expect(parseItemDefinition({ ...base('text'), constraints: [1] }, 'x').details).toEqual([
      { path: 'x.constraints', message: 'must be an object' },
    ]);
  });

  it.each([
    ['min_width', 0, 'must be a positive integer'],
    ['min_width', 1.5, 'must be a positive integer'],
    ['min_width', '100', 'must be a positive integer'],
    ['min_width', 20_001, 'must not be greater than 20000'],
    ['max_bytes', -1, 'must be a positive integer'],
    ['max_bytes', 5 * 1024 ** 3 + 1, 'must not be greater than 5368709120'],
    ['transparent_background', 'yes', 'must be a boolean'],
  ] as const)('image %s = %p: %s', (key, value, message) => {
    expect(parseItemDefinition({ ...base('image'), constraints: { [key]: value } }, 'items[1]').details).toEqual([
      { path: `items[1].constraints.${key}`, message },
    ]);
  });

  it.each([
    ['max_chars', 100_001, 'must not be greater than 100000'],
    ['max_chars', Number.NaN, 'must be a positive integer'],
  ] as const)('longtext %s = %p: %s', (key, value, message) => {
    expect(parseItemDefinition({ ...base('longtext'), constraints: { [key]: value } }, 'p').details).toEqual([
      { path: `p.constraints.${key}`, message },
    ]);
  });

  it.each([
    [{ min_count: 3, max_count: 2 }, 'items[2].constraints.min_count', 'must not be greater than max_count'],
    [{ max_count: 101 }, 'items[2].constraints.max_count', 'must not be greater than 100'],
    [{ min_count: 101 }, 'items[2].constraints.min_count', 'must not be greater than 100'],
    [{ min_count: 0 }, 'items[2].constraints.min_count', 'must be a positive integer'],
  ])('file_list %p: %s %s', (constraints, path, message) => {
    expect(parseItemDefinition({ ...base('file_list'), constraints }, 'items[2]').details).toEqual([{ path, message }]);
  });

  it('accepts min_count equal to max_count', () => {
    const result = parseItemDefinition({ ...base('file_list'), constraints: { min_count: 2, max_count: 2 } }, 'i');
    expect(result.definition?.constraints).toEqual({ min_count: 2, max_count: 2 });
  });

  it('refuses a multiselect min_count above the number of options', () => {
    expect(parseItemDefinition({ ...base('multiselect'), constraints: { min_count: 4 } }, 'items[0]').details).toEqual([
      { path: 'items[0].constraints.min_count', message: 'must not be greater than the number of options' },
    ]);
  });

  describe('formats', () => {
    it('normalises case, leading dots and repeats', () => {
      const result = parseItemDefinition(
        { ...base('file'), constraints: { formats: ['.PNG', 'jpg', 'png', 'svg+xml'] } },
        'i',
      );
      expect(result.definition?.constraints.formats).toEqual(['png', 'jpg', 'svg+xml']);
    });

    it.each([
      [[], 'items[0].constraints.formats', 'must be an array of 1 to 20 formats'],
      ['png', 'items[0].constraints.formats', 'must be an array of 1 to 20 formats'],
      [
        Array.from({ length: 21 }, (_, i) => `f${i}`),
        'items[0].constraints.formats',
        'must be an array of 1 to 20 formats',
      ],
      [['png', 'image/png'], 'items[0].constraints.formats[1]', expect.stringMatching(/^must be a file extension/)],
      [['png', 7], 'items[0].constraints.formats[1]', expect.stringMatching(/^must be a file extension/)],
      [['a'.repeat(21)], 'items[0].constraints.formats[0]', expect.stringMatching(/^must be a file extension/)],
      [[''], 'items[0].constraints.formats[0]', expect.stringMatching(/^must be a file extension/)],
    ])('%p is refused at %s', (formats, path, message) => {
      expect(parseItemDefinition({ ...base('file'), constraints: { formats } }, 'items[0]').details).toEqual([
        { path, message },
      ]);
    });
  });
});

describe('parseItemDefinition: fields', () => {
  it('applies defaults and trims', () => {
    expect(
      parseItemDefinition({ key: 'bio', type: 'longtext', label: '  About you  ', help: '   ' }, 'items[0]'),
    ).toEqual({
      definition: {
        key: 'bio',
        type: 'longtext',
        label: 'About you',
        help: null,
        required: true,
        assignee: 'client',
        constraints: {},
        schema: null,
        options: null,
        pattern: null,
        proposed: null,
      },
      details: [],
    });
  });

  it('keeps given optional fields', () => {
    const { definition } = parseItemDefinition(
      {
        key: 'vat',
        type: 'text',
        label: 'VAT',
        help: ' Your EU VAT number ',
        required: false,
        assignee: 'owner',
        pattern: '[A-Z]{2}\\d+',
      },
      'x',
    );
    expect(definition).toMatchObject({
      help: 'Your EU VAT number',
      required: false,
      assignee: 'owner',
      pattern: '[A-Z]{2}\\d+',
    });
  });

  it('treats null optional fields as defaults', () => {
    const { definition } = parseItemDefinition(
      {
        ...base('text'),
        help: null,
        required: null,
        assignee: null,
        constraints: null,
        schema: null,
        options: null,
        pattern: null,
        proposed: null,
      },
      'x',
    );
    expect(definition).toMatchObject({
      help: null,
      required: true,
      assignee: 'client',
      constraints: {},
      pattern: null,
    });
  });

  it.each([
    [null, 'items[0]', 'must be an object'],
    ['logo', 'items[0]', 'must be an object'],
    [[], 'items[0]', 'must be an object'],
  ])('refuses %p', (input, path, message) => {
    expect(parseItemDefinition(input, 'items[0]')).toEqual({ details: [{ path, message }] });
  });

  it.each([
    ['key', 'is required', undefined],
    ['key', 'must be a string', 7],
    ['key', expect.stringMatching(/^must be 1 to 64 lower-case/), 'Logo'],
    ['key', expect.stringMatching(/^must be 1 to 64 lower-case/), '_logo'],
    ['key', expect.stringMatching(/^must be 1 to 64 lower-case/), 'a'.repeat(65)],
    ['key', expect.stringMatching(/^must be 1 to 64 lower-case/), 'logo.png'],
    ['label', 'is required', undefined],
    ['label', 'must not be blank', '   '],
    ['label', 'must be a string', 5],
    ['label', 'must not be longer than 200 characters', 'x'.repeat(201)],
    ['help', 'must be a string or null', 5],
    ['help', 'must not be longer than 2000 characters', 'x'.repeat(2001)],
    ['required', 'must be a boolean', 'yes'],
    ['assignee', 'must be one of client, owner', 'agent'],
    ['colour', 'is not a known field', 'red'],
  ])('%s: %s', (field, message, value) => {
    const input = { ...base('text'), [field]: value };
    if (value === undefined) delete input[field];
    const result = parseItemDefinition(input, 'items[4]');
    expect(result.definition).toBeUndefined();
    expect(result.details).toEqual([{ path: `items[4].${field}`, message }]);
  });

  it('accepts the edges of key and label', () => {
    expect(parseItemDefinition({ ...base('text'), key: 'a' }, 'x').details).toEqual([]);
    expect(parseItemDefinition({ ...base('text'), key: `0${'a-_'.repeat(21)}` }, 'x').details).toEqual([]);
    expect(parseItemDefinition({ ...base('text'), label: '😀'.repeat(200) }, 'x').details).toEqual([]);
  });

  it.each([
    [undefined, 'is required'],
    ['video', expect.stringMatching(/^must be one of image, longtext, structured/)],
  ])('type %p: %s, and type-dependent checks are skipped', (type, message) => {
    const result = parseItemDefinition({ key: 'k', label: 'L', type, constraints: { bogus: 1 } }, 'items[0]');
    expect(result.details).toEqual([{ path: 'items[0].type', message }]);
  });

  it('reports every offending field at once', () => {
    const result = parseItemDefinition({ key: 'BAD', type: 'text', label: '', required: 1, extra: true }, 'items[1]');
    expect(result.details.map((d) => d.path).sort()).toEqual([
      'items[1].extra',
      'items[1].key',
      'items[1].label',
      'items[1].required',
    ]);
  });
});

describe('parseItemDefinition: options, schema, pattern', () => {
  const optionTypes = new Set<ItemType>(['select', 'multiselect']);
  const patternTypes = new Set<ItemType>(['text', 'longtext', 'secret']);

  it.each(ITEM_TYPES.filter((t) => !optionTypes.has(t)))('%s refuses options', (type) => {
    expect(parseItemDefinition({ ...base(type), options: ['a'] }, 'items[0]').details).toContainEqual({
      path: 'items[0].options',
      message: `is not accepted for type ${type}`,
    });
  });

  it.each(ITEM_TYPES.filter((t) => t !== 'structured'))('%s refuses schema', (type) => {
    expect(parseItemDefinition({ ...base(type), schema: { type: 'string' } }, 'items[0]').details).toContainEqual({
      path: 'items[0].schema',
      message: `is not accepted for type ${type}`,
    });
  });

  it.each(ITEM_TYPES.filter((t) => !patternTypes.has(t)))('%s refuses pattern', (type) => {
    expect(parseItemDefinition({ ...base(type), pattern: '\\d+' }, 'items[0]').details).toContainEqual({
      path: 'items[0].pattern',
      message: `is not accepted for type ${type}`,
    });
  });

  it.each([...patternTypes])('%s accepts pattern; an empty pattern is none', (type) => {
    expect(parseItemDefinition({ ...base(type), pattern: '\\d{5}' }, 'x').definition?.pattern).toBe('\\d{5}');
    expect(parseItemDefinition({ ...base(type), pattern: '' }, 'x').definition?.pattern).toBeNull();
  });

  it.each([
    ['(', 'is not a valid regular expression'],
    ['a)|(b', 'is not a valid regular expression'],
    ['\\p{Foo}', 'is not a valid regular expression'],
    [5, 'must be a string or null'],
    ['a'.repeat(501), 'must not be longer than 500 characters'],
  ])('pattern %p: %s', (pattern, message) => {
    expect(parseItemDefinition({ ...base('text'), pattern }, 'items[0]').details).toEqual([
      { path: 'items[0].pattern', message },
    ]);
  });

  it.each(['select', 'multiselect'] as const)('%s requires options and trims them', (type) => {
    expect(parseItemDefinition({ key: 'k', label: 'L', type }, 'items[0]').details).toEqual([
      { path: 'items[0].options', message: 'is required' },
    ]);
    expect(parseItemDefinition({ ...base(type), options: [' Red ', 'Blue'] }, 'x').definition?.options).toEqual([
      'Red',
      'Blue',
    ]);
  });

  it.each([
    [[], 'items[0].options', 'must be an array of 1 to 100 options'],
    ['a,b', 'items[0].options', 'must be an array of 1 to 100 options'],
    [Array.from({ length: 101 }, (_, i) => `o${i}`), 'items[0].options', 'must be an array of 1 to 100 options'],
    [['a', 1], 'items[0].options[1]', 'must be a string'],
    [['a', '  '], 'items[0].options[1]', 'must not be blank'],
    [['a', 'x'.repeat(201)], 'items[0].options[1]', 'must not be longer than 200 characters'],
    [['a', 'b', ' a'], 'items[0].options[2]', 'duplicates items[0].options[0]'],
  ])('options %#: %s %s', (options, path, message) => {
    expect(parseItemDefinition({ ...base('select'), options }, 'items[0]').details).toEqual([{ path, message }]);
  });

  it('accepts 100 options of 200 characters', () => {
    const options = Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(200, 'x'));
    expect(parseItemDefinition({ ...base('select'), options }, 'x').details).toEqual([]);
  });

  it('structured requires a schema and reports schema errors under its path', () => {
    expect(parseItemDefinition({ key: 'k', label: 'L', type: 'structured' }, 'items[3]').details).toEqual([
      { path: 'items[3].schema', message: 'is required' },
    ]);
    expect(
      parseItemDefinition(
        { key: 'k', label: 'L', type: 'structured', schema: { type: 'object', properties: { a: { type: 'date' } } } },
        'items[3]',
      ).details,
    ).toEqual([
      { path: 'items[3].schema.properties.a.type', message: expect.stringMatching(/^must be one of object/) },
    ]);
  });
});

describe('parseItemDefinition: proposed', () => {
  const owner = (type: 'select' | 'multiselect', proposed: unknown) => ({
    ...base(type),
    assignee: 'owner',
    proposed,
  });

  it('accepts a proposal on owner-assigned decision items', () => {
    expect(
      parseItemDefinition(owner('select', { value: 'b', rationale: ' cheapest ' }), 'x').definition?.proposed,
    ).toEqual({
      value: 'b',
      rationale: 'cheapest',
    });
    expect(parseItemDefinition(owner('multiselect', { value: ['a', 'c'] }), 'x').definition?.proposed).toEqual({
      value: ['a', 'c'],
      rationale: null,
    });
  });

  it.each(ITEM_TYPES.filter((t) => t !== 'select' && t !== 'multiselect'))('%s refuses proposed', (type) => {
    expect(
      parseItemDefinition({ ...base(type), assignee: 'owner', proposed: { value: 'a' } }, 'items[0]').details,
    ).toEqual([{ path: 'items[0].proposed', message: `is not accepted for type ${type}` }]);
  });

  it('refuses a proposal on a client-assigned item', () => {
    expect(parseItemDefinition({ ...base('select'), proposed: { value: 'a' } }, 'items[0]').details).toEqual([
      { path: 'items[0].proposed', message: 'is only accepted on owner-assigned items' },
    ]);
  });

  it.each([
    ['select', 'items[0].proposed', 'must be an object with value and rationale', 'a'],
    ['select', 'items[0].proposed.value', 'is required', {}],
    ['select', 'items[0].proposed.value', 'must be one of the options', { value: 'z' }],
    ['select', 'items[0].proposed.value', 'must be a string', { value: ['a'] }],
    ['select', 'items[0].proposed.rationale', 'must be a string or null', { value: 'a', rationale: 3 }],
    [
      'select',
      'items[0].proposed.rationale',
      'must not be longer than 2000 characters',
      { value: 'a', rationale: 'x'.repeat(2001) },
    ],
    ['select', 'items[0].proposed.by', 'is not a known field', { value: 'a', by: 'agent' }],
    ['multiselect', 'items[0].proposed.value', 'must be an array of options', { value: 'a' }],
    ['multiselect', 'items[0].proposed.value[1]', 'must be one of the options', { value: ['a', 'z'] }],
    ['multiselect', 'items[0].proposed.value[1]', 'duplicates items[0].proposed.value[0]', { value: ['a', 'a'] }],
    ['multiselect', 'items[0].proposed.value', 'must contain at least 1 choice', { value: [] }],
  ] as const)('%s proposal: %s %s', (type, path, message, proposed) => {
    expect(parseItemDefinition(owner(type, proposed), 'items[0]').details).toEqual([{ path, message }]);
  });

  it('checks a multiselect proposal against max_count', () => {
    const input = { ...owner('multiselect', { value: ['a', 'b', 'c'] }), constraints: { max_count: 2 } };
    expect(parseItemDefinition(input, 'items[0]').details).toEqual([
      { path: 'items[0].proposed.value', message: 'must contain at most 2 choices' },
    ]);
  });
});

describe('parseItemDefinitions', () => {
  it('returns every definition when all are valid', () => {
    const result = parseItemDefinitions([base('text'), { ...base('email'), key: 'mail' }]);
    expect(result.details).toEqual([]);
    expect(result.definitions?.map((d) => d.key)).toEqual(['logo', 'mail']);
  });

  it('reports a duplicate key on the later item', () => {
    const result = parseItemDefinitions([
      { ...base('text'), key: 'a' },
      { ...base('text'), key: 'b' },
      { ...base('text'), key: 'c' },
      { ...base('text'), key: 'b' },
    ]);
    expect(result).toEqual({ details: [{ path: 'items[3].key', message: 'duplicates items[1].key' }] });
  });

  it('reports duplicates even when the later item has other errors, under a custom path', () => {
    const result = parseItemDefinitions([base('text'), { ...base('text'), label: '' }], 'template.items');
    expect(result.details).toEqual([
      { path: 'template.items[1].label', message: 'must not be blank' },
      { path: 'template.items[1].key', message: 'duplicates template.items[0].key' },
    ]);
  });

  it.each([
    ['must be an array', {}],
    ['must contain at least one item', []],
    [
      'must not contain more than 200 items',
      Array.from({ length: 201 }, (_, i) => ({ ...base('text'), key: `k${i}` })),
    ],
  ])('refuses: %s', (message, inputs) => {
    expect(parseItemDefinitions(inputs)).toEqual({ details: [{ path: 'items', message }] });
  });

  it('prefixes details with each index', () => {
    expect(parseItemDefinitions([base('text'), 'x']).details).toEqual([
      { path: 'items[1]', message: 'must be an object' },
    ]);
  });
});
