import {
  CONSTRAINT_MAXIMUMS,
  ITEM_LIMITS,
  ITEM_TYPE_RULES,
  ITEM_TYPES as API_ITEM_TYPES,
  parseItemDefinitions,
} from '@intake/domain-items';
import {
  DEFAULT_SCHEMA,
  definitionOf,
  draftOf,
  emptyItem,
  formatsOf,
  type ItemDraft,
  itemProblems,
  itemsProblems,
  ITEM_TYPES,
  keyFromLabel,
  LIMITS,
  moveItem,
  optionsOf,
  TYPE_RULES,
  withLabel,
} from './item-builder';

const item = (fields: Partial<ItemDraft> = {}): ItemDraft => ({
  ...emptyItem(fields.type),
  label: 'Logo',
  key: 'logo',
  ...fields,
});
const withNumber = (type: ItemDraft['type'], name: keyof ItemDraft['numbers'], value: string): ItemDraft => {
  const draft = item({ type, options: type === 'multiselect' ? 'a\nb' : '' });
  return { ...draft, numbers: { ...draft.numbers, [name]: value } };
};
const x = (n: number): string => 'x'.repeat(n);

/** What the API itself says of the definition the draft sends. */
const apiDetails = (...drafts: ItemDraft[]) => parseItemDefinitions(drafts.map(definitionOf)).details;

describe('the builder keeps the API’s rules', () => {
  it('offers every item type the API takes, with the constraints, options, pattern and schema it accepts', () => {
    expect([...ITEM_TYPES].sort()).toEqual([...API_ITEM_TYPES].sort());
    for (const type of ITEM_TYPES) {
      const api = ITEM_TYPE_RULES[type];
      const ours = TYPE_RULES[type];
      const constraints = [
        ...(ours.formats ? ['formats'] : []),
        ...ours.numbers,
        ...(ours.transparent ? ['transparent_background'] : []),
      ];
      expect({
        type,
        constraints: constraints.sort(),
        pattern: ours.pattern,
        options: ours.options,
        schema: ours.schema,
      }).toEqual({
        type,
        constraints: [...api.constraints].sort(),
        pattern: api.pattern,
        options: api.options,
        schema: api.schema,
      });
    }
  });

  it('has the API’s limits (max_bytes in MiB)', () => {
    expect(LIMITS.keyPattern.source).toBe(ITEM_LIMITS.keyPattern.source);
    expect(LIMITS.formatPattern.source).toBe(ITEM_LIMITS.formatPattern.source);
    expect([LIMITS.labelMaxChars, LIMITS.helpMaxChars, LIMITS.patternMaxChars]).toEqual([
      ITEM_LIMITS.labelMaxChars,
      ITEM_LIMITS.helpMaxChars,
      ITEM_LIMITS.patternMaxChars,
    ]);
    expect([LIMITS.optionsMax, LIMITS.optionMaxChars, LIMITS.formatsMax, LIMITS.itemsMax]).toEqual([
      ITEM_LIMITS.optionsMax,
      ITEM_LIMITS.optionMaxChars,
      ITEM_LIMITS.formatsMax,
      ITEM_LIMITS.itemsPerRequestMax,
    ]);
    expect(LIMITS.schemaDepthMax).toBe(ITEM_LIMITS.schemaDepthMax);
    expect({ ...LIMITS.numbers, max_bytes: LIMITS.numbers.max_bytes * 1024 * 1024 }).toEqual(CONSTRAINT_MAXIMUMS);
  });
});

describe('keyFromLabel', () => {
  it('makes a key of lower-case letters and digits joined by _, without accents', () => {
    expect(keyFromLabel('Logo (SVG)')).toBe('logo_svg');
    expect(keyFromLabel('Údaje o firmě')).toBe('udaje_o_firme');
    expect(keyFromLabel('  Přístup k hostingu! ')).toBe('pristup_k_hostingu');
    expect(keyFromLabel('2024 photos')).toBe('2024_photos');
  });

  it('falls back to item when no letter or digit is left', () => {
    expect(keyFromLabel('—!?')).toBe('item');
    expect(keyFromLabel('')).toBe('item');
  });

  it('cuts at 64 characters, never ending in _', () => {
    expect(keyFromLabel('a'.repeat(70))).toBe('a'.repeat(64));
    expect(keyFromLabel(`${'a'.repeat(63)} b`)).toBe('a'.repeat(63));
    expect(LIMITS.keyPattern.test(keyFromLabel(`Ž${'é'.repeat(80)}`))).toBe(true);
  });

  it('numbers a key another item already has', () => {
    expect(keyFromLabel('Logo', ['logo'])).toBe('logo_2');
    expect(keyFromLabel('Logo', ['logo', 'logo_2'])).toBe('logo_3');
    const long = 'a'.repeat(64);
    expect(keyFromLabel(long, [long])).toBe(`${'a'.repeat(62)}_2`);
  });

  it('always makes a key the API accepts', () => {
    for (const label of ['Logo', 'Ärger & Co.', '___x___', '-lead', '日本語', 'a'.repeat(200)]) {
      expect(LIMITS.keyPattern.test(keyFromLabel(label))).toBe(true);
    }
  });
});

describe('withLabel', () => {
  it('derives the key from the label until the key is edited', () => {
    const draft = withLabel(emptyItem(), 'Company logo', []);
    expect(draft.key).toBe('company_logo');
    const edited = { ...draft, key: 'brand', keyEdited: true };
    expect(withLabel(edited, 'Brand logo', []).key).toBe('brand');
  });

  it('avoids the keys of the other items, not its own', () => {
    const other = item({ key: 'logo' });
    const draft = emptyItem();
    expect(withLabel(draft, 'Logo', [other, draft]).key).toBe('logo_2');
    const self = { ...draft, key: 'logo' };
    expect(withLabel(self, 'Logo', [self]).key).toBe('logo');
  });

  it('empties the key when the label is emptied', () => {
    expect(withLabel(item({ keyEdited: false }), '  ', []).key).toBe('');
  });
});

describe('moveItem', () => {
  it('moves an item up and down', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the list as it is at its ends', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 5, -1)).toEqual(['a', 'b']);
  });
});

describe('itemProblems', () => {
  it('finds nothing wrong with a complete item', () => {
    expect(itemProblems(item())).toEqual({});
  });

  it('needs a label, at most 200 characters once trimmed', () => {
    expect(itemProblems(item({ label: '   ' })).label).toEqual({ key: 'form.required' });
    expect(itemProblems(item({ label: x(200) })).label).toBeUndefined();
    expect(itemProblems(item({ label: `  ${x(200)}  ` })).label).toBeUndefined();
    expect(itemProblems(item({ label: x(201) })).label).toEqual({
      key: 'new_intake.problem.too_long',
      params: { n: 200 },
    });
    // Counted as a person sees characters: an emoji is one.
    expect(itemProblems(item({ label: '😀'.repeat(200) })).label).toBeUndefined();
  });

  it('takes help of at most 2000 characters', () => {
    expect(itemProblems(item({ help: x(2000) })).help).toBeUndefined();
    expect(itemProblems(item({ help: x(2001) })).help).toEqual({
      key: 'new_intake.problem.too_long',
      params: { n: 2000 },
    });
  });

  it('needs a key of 1 to 64 lower-case letters, digits, _ or -, starting with a letter or digit', () => {
    expect(itemProblems(item({ key: '' })).key).toEqual({ key: 'form.required' });
    expect(itemProblems(item({ key: 'a' })).key).toBeUndefined();
    expect(itemProblems(item({ key: `a${x(63)}` })).key).toBeUndefined();
    expect(itemProblems(item({ key: `a${x(64)}` })).key).toEqual({ key: 'new_intake.problem.key_format' });
    for (const key of ['_logo', '-logo', 'Logo', 'logo svg', 'logó', 'logo.svg']) {
      expect(itemProblems(item({ key })).key).toEqual({ key: 'new_intake.problem.key_format' });
    }
    for (const key of ['9a', 'a_b-c', 'logo-2']) expect(itemProblems(item({ key })).key).toBeUndefined();
  });

  it('needs a key no other item has', () => {
    const first = item({ key: 'logo' });
    const second = item({ key: 'logo' });
    expect(itemProblems(second, [first, second]).key).toEqual({ key: 'new_intake.problem.key_taken' });
    expect(itemProblems(second, [second]).key).toBeUndefined();
  });

  describe('numeric constraints: whole numbers from 1 to the maximum', () => {
    const cases = [
      ['image', 'min_width', 20_000],
      ['longtext', 'max_chars', 100_000],
      ['file_list', 'min_count', 100],
      ['file_list', 'max_count', 100],
      ['file', 'max_bytes', 5120],
    ] as const;
    it.each(cases)('%s %s up to %d', (type, name, max) => {
      expect(itemProblems(withNumber(type, name, '1'))[name]).toBeUndefined();
      expect(itemProblems(withNumber(type, name, String(max)))[name]).toBeUndefined();
      for (const wrong of ['0', String(max + 1), '1.5', '-1', 'ten', '1e3']) {
        expect(itemProblems(withNumber(type, name, wrong))[name]).toEqual({
          key: 'new_intake.problem.whole_number',
          params: { max },
        });
      }
      expect(itemProblems(withNumber(type, name, ''))[name]).toBeUndefined();
      expect(itemProblems(withNumber(type, name, ' 7 '))[name]).toBeUndefined();
    });

    it('ignores a constraint the type does not take (it is not sent either)', () => {
      expect(itemProblems(withNumber('select', 'max_chars', '0')).max_chars).toBeUndefined();
      expect(
        definitionOf({ ...withNumber('longtext', 'min_width', '5'), type: 'longtext' })['constraints'],
      ).toBeUndefined();
    });

    it('needs min_count not above max_count', () => {
      const draft = item({ type: 'file_list' });
      const at = (min: string, max: string) =>
        itemProblems({ ...draft, numbers: { ...draft.numbers, min_count: min, max_count: max } });
      expect(at('3', '3').min_count).toBeUndefined();
      expect(at('4', '3').min_count).toEqual({ key: 'new_intake.problem.min_above_max' });
    });
  });

  describe('options (select and multiselect)', () => {
    const select = (options: string) => item({ type: 'select', options });
    it('needs 1 to 100 options, one a line, blank lines left out', () => {
      expect(itemProblems(select('')).options).toEqual({ key: 'new_intake.problem.options_required' });
      expect(itemProblems(select('\n  \n')).options).toEqual({ key: 'new_intake.problem.options_required' });
      expect(itemProblems(select('one')).options).toBeUndefined();
      const many = (n: number) => Array.from({ length: n }, (_, i) => `option ${i}`).join('\n');
      expect(itemProblems(select(many(100))).options).toBeUndefined();
      expect(itemProblems(select(many(101))).options).toEqual({
        key: 'new_intake.problem.options_many',
        params: { n: 100 },
      });
      expect(optionsOf(select(' a \n\nb\n'))).toEqual(['a', 'b']);
    });

    it('takes options of at most 200 characters, each once', () => {
      expect(itemProblems(select(x(200))).options).toBeUndefined();
      expect(itemProblems(select(`a\n${x(201)}`)).options).toEqual({
        key: 'new_intake.problem.option_long',
        params: { n: 200 },
      });
      expect(itemProblems(select('red\nblue\n red ')).options).toEqual({
        key: 'new_intake.problem.option_repeated',
        params: { option: 'red' },
      });
    });

    it('needs a multiselect’s min_count not above the number of options', () => {
      const draft = item({ type: 'multiselect', options: 'a\nb' });
      const min = (value: string) =>
        itemProblems({ ...draft, numbers: { ...draft.numbers, min_count: value } }).min_count;
      expect(min('2')).toBeUndefined();
      expect(min('3')).toEqual({ key: 'new_intake.problem.min_above_options' });
    });
  });

  describe('formats (file types)', () => {
    const file = (formats: string) => item({ type: 'image', formats });
    it('takes extensions separated by commas or spaces, in one spelling', () => {
      expect(formatsOf(file('.PNG, svg  pdf;png'))).toEqual(['png', 'svg', 'pdf']);
      expect(itemProblems(file('png, svg')).formats).toBeUndefined();
      expect(itemProblems(file('')).formats).toBeUndefined();
    });

    it('refuses what is not an extension, and more than 20', () => {
      expect(itemProblems(file('png, *.jpg')).formats).toEqual({
        key: 'new_intake.problem.format_invalid',
        params: { format: '*.jpg' },
      });
      expect(itemProblems(file(x(20))).formats).toBeUndefined();
      expect(itemProblems(file(x(21))).formats).toEqual({
        key: 'new_intake.problem.format_invalid',
        params: { format: x(21) },
      });
      const many = (n: number) => Array.from({ length: n }, (_, i) => `f${i}`).join(',');
      expect(itemProblems(file(many(20))).formats).toBeUndefined();
      expect(itemProblems(file(many(21))).formats).toEqual({
        key: 'new_intake.problem.formats_many',
        params: { n: 20 },
      });
    });
  });

  describe('pattern (text and secret types)', () => {
    const text = (pattern: string) => item({ type: 'longtext', pattern });
    it('takes a regular expression of at most 500 characters', () => {
      expect(itemProblems(text('[A-Z]+-[0-9]+')).pattern).toBeUndefined();
      expect(itemProblems(text('a'.repeat(500))).pattern).toBeUndefined();
      expect(itemProblems(text('a'.repeat(501))).pattern).toEqual({
        key: 'new_intake.problem.too_long',
        params: { n: 500 },
      });
    });

    it('refuses one that does not compile, and what the API’s engine does not support', () => {
      expect(itemProblems(text('[a-')).pattern).toEqual({ key: 'new_intake.problem.pattern_invalid' });
      for (const pattern of ['a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b', '(a)\\1', '(?<x>a)\\k<x>', '(?i:a)']) {
        expect(itemProblems(text(pattern)).pattern).toEqual({ key: 'new_intake.problem.pattern_unsupported' });
      }
      expect(itemProblems(text('(?:ab)+(?<name>c)')).pattern).toBeUndefined();
    });
  });

  describe('schema (structured)', () => {
    const structured = (schema: string) => item({ type: 'structured', schema });
    it('takes a JSON object with a known type', () => {
      expect(itemProblems(structured(DEFAULT_SCHEMA)).schema).toBeUndefined();
      expect(itemProblems(structured('{"type":"array","items":{"type":"string"}}')).schema).toBeUndefined();
    });

    it('refuses other JSON, broken JSON and unknown types', () => {
      expect(itemProblems(structured('{"type":')).schema).toEqual({ key: 'new_intake.problem.schema_json' });
      expect(itemProblems(structured('[]')).schema).toEqual({ key: 'new_intake.problem.schema_json' });
      expect(itemProblems(structured('null')).schema).toEqual({ key: 'new_intake.problem.schema_json' });
      expect(itemProblems(structured('{"type":"date"}')).schema?.key).toBe('new_intake.problem.schema_type');
      expect(itemProblems(structured('{}')).schema?.key).toBe('new_intake.problem.schema_type');
    });

    it('refuses a schema nested deeper than 10 levels', () => {
      const nest = (levels: number): unknown =>
        levels === 1 ? { type: 'string' } : { type: 'object', properties: { a: nest(levels - 1) } };
      expect(itemProblems(structured(JSON.stringify(nest(10)))).schema).toBeUndefined();
      expect(itemProblems(structured(JSON.stringify(nest(11)))).schema).toEqual({
        key: 'new_intake.problem.schema_deep',
        params: { n: 10 },
      });
      expect(apiDetails(structured(JSON.stringify(nest(10))))).toEqual([]);
      expect(apiDetails(structured(JSON.stringify(nest(11)))).length).toBeGreaterThan(0);
    });
  });
});

describe('itemsProblems', () => {
  it('needs 1 to 200 items', () => {
    expect(itemsProblems([]).list).toEqual({ key: 'new_intake.problem.no_items' });
    const many = (n: number) => Array.from({ length: n }, (_, i) => item({ key: `k${i}` }));
    expect(itemsProblems(many(200))).toEqual({ items: {} });
    expect(itemsProblems(many(201)).list).toEqual({ key: 'new_intake.problem.items_many', params: { n: 200 } });
  });

  it('lists each item’s problems by its id', () => {
    const good = item({ key: 'a' });
    const bad = item({ key: 'B' });
    expect(itemsProblems([good, bad]).items).toEqual({ [bad.id]: { key: { key: 'new_intake.problem.key_format' } } });
  });
});

describe('definitionOf', () => {
  it('sends what the type takes, trimmed, and leaves empty fields out', () => {
    const draft = item({
      type: 'image',
      label: ' Logo ',
      help: '  ',
      formats: 'PNG, .svg',
      numbers: { min_width: '1000', max_bytes: '10', max_chars: '5', min_count: '', max_count: '' },
      transparent: true,
      options: 'ignored',
      pattern: 'ignored',
    });
    expect(definitionOf(draft)).toEqual({
      key: 'logo',
      type: 'image',
      label: 'Logo',
      required: true,
      assignee: 'client',
      constraints: {
        formats: ['png', 'svg'],
        min_width: 1000,
        max_bytes: 10 * 1024 * 1024,
        transparent_background: true,
      },
    });
  });

  it('sends options, pattern and schema where the type takes them', () => {
    expect(definitionOf(item({ type: 'select', options: 'a\nb', help: 'Pick one' }))).toMatchObject({
      options: ['a', 'b'],
      help: 'Pick one',
    });
    expect(definitionOf(item({ type: 'secret', pattern: '\\d+' }))).toMatchObject({ pattern: '\\d+' });
    expect(definitionOf(item({ type: 'structured' }))['schema']).toEqual(JSON.parse(DEFAULT_SCHEMA));
  });

  it('makes definitions the API accepts whenever the builder finds nothing wrong', () => {
    const drafts = [
      item({
        key: 'logo',
        type: 'image',
        formats: 'png, svg',
        numbers: { ...emptyItem().numbers, min_width: '20000', max_bytes: '5120' },
      }),
      item({
        key: 'about',
        type: 'longtext',
        pattern: '[^<>]*',
        numbers: { ...emptyItem().numbers, max_chars: '100000' },
      }),
      item({ key: 'data', type: 'structured' }),
      item({
        key: 'photos',
        type: 'file_list',
        numbers: { ...emptyItem().numbers, min_count: '100', max_count: '100' },
      }),
      item({ key: 'contract', type: 'file', formats: x(20) }),
      item({ key: 'colour', type: 'select', options: `${x(200)}\nblue`, assignee: 'owner' }),
      item({
        key: 'pages',
        type: 'multiselect',
        options: 'a\nb',
        numbers: { ...emptyItem().numbers, min_count: '2', max_count: '2' },
      }),
      item({ key: 'password', type: 'secret', required: false, help: x(2000), label: x(200) }),
      item({ key: 'start', type: 'date' }),
    ];
    expect(itemsProblems(drafts)).toEqual({ items: {} });
    expect(apiDetails(...drafts)).toEqual([]);
  });

  it('sends definitions the API refuses where the builder finds something wrong (the same boundaries)', () => {
    const wrong = [
      item({ key: 'a', label: x(201) }),
      item({ key: 'b', type: 'image', numbers: { ...emptyItem().numbers, min_width: '20001' } }),
      item({ key: 'c', type: 'multiselect', options: 'a\nb', numbers: { ...emptyItem().numbers, min_count: '3' } }),
      item({ key: 'd', type: 'file', formats: x(21) }),
      item({ key: 'e', type: 'longtext', pattern: 'a'.repeat(501) }),
    ];
    for (const draft of wrong) {
      expect(Object.keys(itemProblems(draft)).length).toBeGreaterThan(0);
      expect(apiDetails(draft).length).toBeGreaterThan(0);
    }
  });
});

describe('draftOf', () => {
  it('turns a template’s item into a draft that sends the same definition', () => {
    const templateItem = {
      key: 'logo',
      type: 'image' as const,
      label: 'Logo',
      help: 'SVG if you have it',
      required: false,
      assignee: 'client' as const,
      constraints: {
        formats: ['svg', 'png'],
        min_width: 800,
        max_bytes: 20 * 1024 * 1024,
        transparent_background: true,
      },
      schema: null,
      options: null,
      pattern: null,
      proposed: null,
    };
    const draft = draftOf(templateItem);
    expect(draft.keyEdited).toBe(true);
    expect(definitionOf(draft)).toEqual({
      key: 'logo',
      type: 'image',
      label: 'Logo',
      help: 'SVG if you have it',
      required: false,
      assignee: 'client',
      constraints: templateItem.constraints,
    });
  });

  it('keeps a select’s options and a structured item’s schema', () => {
    const base = {
      help: null,
      required: true,
      assignee: 'owner' as const,
      constraints: {},
      pattern: null,
      proposed: null,
    };
    const select = draftOf({
      ...base,
      key: 'c',
      type: 'select',
      label: 'Colour',
      schema: null,
      options: ['red', 'blue'],
    });
    expect(definitionOf(select)['options']).toEqual(['red', 'blue']);
    const schema = { type: 'object', properties: { vat: { type: 'string' } } };
    const structured = draftOf({ ...base, key: 's', type: 'structured', label: 'Company', schema, options: null });
    expect(definitionOf(structured)['schema']).toEqual(schema);
  });
});
