import {
  type ItemDefinition,
  parseItemDefinition,
  redefinedAnswer,
  redefinitionInput,
  type SubmittedFile,
  valueInShapeOf,
} from '../index';

function define(input: Record<string, unknown>): ItemDefinition {
  const { definition, details } = parseItemDefinition({ key: 'k', label: 'L', ...input }, 'item');
  if (!definition) throw new Error(JSON.stringify(details));
  return definition;
}

/** Whether the answer survives the change (kept, or nothing to keep). */
const survives = (before: ItemDefinition, after: ItemDefinition, value: unknown, files: SubmittedFile[]) =>
  redefinedAnswer(before, after, value, files).outcome !== 'misfit';

const pdf: SubmittedFile = { mime: 'application/pdf', extension: 'pdf', size: 2_000 };

const logo: SubmittedFile = {
  mime: 'image/png',
  extension: 'png',
  size: 4_000,
  width: 800,
  height: 600,
  hasAlpha: false,
};

describe('redefinedAnswer', () => {
  it.each([
    [
      'label and help change',
      { type: 'text', label: 'Name' },
      { type: 'text', label: 'Full name', help: 'As on your ID' },
      'Jana',
      true,
    ],
    ['required changes', { type: 'text' }, { type: 'text', required: false }, 'Jana', true],
    ['max_chars still fits', { type: 'text' }, { type: 'text', constraints: { max_chars: 4 } }, 'Jana', true],
    ['max_chars now too short', { type: 'text' }, { type: 'text', constraints: { max_chars: 3 } }, 'Jana', false],
    ['a pattern the answer matches', { type: 'text' }, { type: 'text', pattern: '[A-Z][a-z]+' }, 'Jana', true],
    ['a pattern the answer misses', { type: 'text' }, { type: 'text', pattern: '\\d+' }, 'Jana', false],
    ['text to longtext', { type: 'text' }, { type: 'longtext' }, 'Jana', true],
    [
      'the chosen option is kept',
      { type: 'select', options: ['a', 'b'] },
      { type: 'select', options: ['a', 'c'] },
      'a',
      true,
    ],
    [
      'the chosen option is removed',
      { type: 'select', options: ['a', 'b'] },
      { type: 'select', options: ['a', 'c'] },
      'b',
      false,
    ],
    [
      'multiselect max_count drops below the answer',
      { type: 'multiselect', options: ['a', 'b', 'c'] },
      { type: 'multiselect', options: ['a', 'b', 'c'], constraints: { max_count: 1 } },
      ['a', 'b'],
      false,
    ],
    [
      'a structured property becomes required',
      { type: 'structured', schema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } } },
      {
        type: 'structured',
        schema: { type: 'object', required: ['b'], properties: { a: { type: 'string' }, b: { type: 'string' } } },
      },
      { a: 'x' },
      false,
    ],
    [
      'a structured property is added',
      { type: 'structured', schema: { type: 'object', properties: { a: { type: 'string' } } } },
      { type: 'structured', schema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } } },
      { a: 'x' },
      true,
    ],
    ['no answer yet, type changes', { type: 'text' }, { type: 'number' }, null, true],
    [
      'no answer yet, options change',
      { type: 'select', options: ['a'] },
      { type: 'select', options: ['b'] },
      undefined,
      true,
    ],
  ])('%s: %p', (_name, oldInput, newInput, value, expected) => {
    expect(survives(define(oldInput), define(newInput), value, [])).toBe(expected);
  });

  it.each([
    ['formats still include the file', { formats: ['png', 'jpg'] }, { formats: ['png'] }, true],
    ['formats no longer include the file', { formats: ['png', 'jpg'] }, { formats: ['jpg'] }, false],
    ['max_bytes still fits', {}, { max_bytes: 4_000 }, true],
    ['max_bytes now too small', {}, { max_bytes: 3_999 }, false],
    ['min_width now too large', {}, { min_width: 801 }, false],
    ['transparency now required', {}, { transparent_background: true }, false],
  ])('image: %s', (_name, oldConstraints, newConstraints, expected) => {
    const before = define({ type: 'image', constraints: oldConstraints });
    const after = define({ type: 'image', constraints: newConstraints });
    expect(survives(before, after, null, [logo])).toBe(expected);
  });

  it('a file_list answer must meet a raised min_count', () => {
    const before = define({ type: 'file_list' });
    expect(survives(before, define({ type: 'file_list', constraints: { min_count: 2 } }), null, [logo, logo])).toBe(
      true,
    );
    expect(survives(before, define({ type: 'file_list', constraints: { min_count: 3 } }), null, [logo, logo])).toBe(
      false,
    );
  });

  it('files decide for file items, whatever value is stored', () => {
    const before = define({ type: 'file' });
    expect(survives(before, define({ type: 'file', constraints: { formats: ['pdf'] } }), null, [])).toBe(true);
    expect(survives(before, define({ type: 'image' }), 'ignored', [pdf])).toBe(false);
    expect(survives(before, define({ type: 'image' }), 'ignored', [logo])).toBe(true);
  });

  describe('type changes, judged by the answer', () => {
    it.each([
      ['file → file_list: one file is a list of one', { type: 'file' }, { type: 'file_list' }, [pdf], true],
      [
        'file → file_list needing two',
        { type: 'file' },
        { type: 'file_list', constraints: { min_count: 2 } },
        [pdf],
        false,
      ],
      ['file_list → file with one file', { type: 'file_list' }, { type: 'file' }, [pdf], true],
      ['file_list → file with two files', { type: 'file_list' }, { type: 'file' }, [pdf, pdf], false],
      ['image → file', { type: 'image' }, { type: 'file' }, [logo], true],
      [
        'image → file whose formats allow it',
        { type: 'image' },
        { type: 'file', constraints: { formats: ['png'] } },
        [logo],
        true,
      ],
      [
        'image → file whose formats do not',
        { type: 'image' },
        { type: 'file', constraints: { formats: ['pdf'] } },
        [logo],
        false,
      ],
      ['file → image with a PDF', { type: 'file' }, { type: 'image' }, [pdf], false],
      ['file → image too narrow', { type: 'file' }, { type: 'image', constraints: { min_width: 1000 } }, [logo], false],
    ])('%s', (_name, before, after, files, expected) => {
      const outcome = redefinedAnswer(define(before), define(after), null, files);
      expect(outcome).toEqual(
        expected ? { outcome: 'kept', value: null } : { outcome: 'misfit', details: expect.any(Array) },
      );
    });

    it.each([
      ['text → longtext', { type: 'text' }, { type: 'longtext' }, 'Jana', 'Jana'],
      ['longtext → text, one line', { type: 'longtext' }, { type: 'text' }, 'One line', 'One line'],
      ['longtext → text, two lines', { type: 'longtext' }, { type: 'text' }, 'One\ntwo', undefined],
      [
        'longtext with its limit raised',
        { type: 'longtext', constraints: { max_chars: 10 } },
        { type: 'longtext', constraints: { max_chars: 500 } },
        'Short',
        'Short',
      ],
      [
        'longtext → text over the text default of 1000',
        { type: 'longtext' },
        { type: 'text' },
        'x'.repeat(1001),
        undefined,
      ],
      ['text → email that is an address', { type: 'text' }, { type: 'email' }, 'jana@example.com', 'jana@example.com'],
      ['text → email that is not', { type: 'text' }, { type: 'email' }, 'Jana', undefined],
      ['text → date', { type: 'text' }, { type: 'date' }, '2026-02-28', '2026-02-28'],
      ['number → text: never coerced', { type: 'number' }, { type: 'text' }, 42, undefined],
      ['boolean → number', { type: 'boolean' }, { type: 'number' }, true, undefined],
      [
        'select → multiselect: a choice is a list of one',
        { type: 'select', options: ['a', 'b'] },
        { type: 'multiselect', options: ['a', 'b'] },
        'a',
        ['a'],
      ],
      [
        'select → multiselect needing two choices',
        { type: 'select', options: ['a', 'b'] },
        { type: 'multiselect', options: ['a', 'b'], constraints: { min_count: 2 } },
        'a',
        undefined,
      ],
      [
        'multiselect → select with one choice',
        { type: 'multiselect', options: ['a', 'b'] },
        { type: 'select', options: ['a', 'b'] },
        ['b'],
        'b',
      ],
      [
        'multiselect → select with two',
        { type: 'multiselect', options: ['a', 'b'] },
        { type: 'select', options: ['a', 'b'] },
        ['a', 'b'],
        undefined,
      ],
      ['structured → text', { type: 'structured', schema: { type: 'object' } }, { type: 'text' }, { a: 1 }, undefined],
      ['text → secret', { type: 'text' }, { type: 'secret' }, 'Jana', undefined],
      ['secret → text', { type: 'secret' }, { type: 'text' }, 'hunter2', undefined],
      [
        'secret → secret with a tighter limit it meets',
        { type: 'secret' },
        { type: 'secret', constraints: { max_chars: 7 } },
        'hunter2',
        'hunter2',
      ],
      ['text → file', { type: 'text' }, { type: 'file' }, 'Jana', undefined],
    ])('%s', (_name, before, after, value, kept) => {
      const outcome = redefinedAnswer(define(before), define(after), value, []);
      expect(outcome).toEqual(
        kept === undefined ? { outcome: 'misfit', details: expect.any(Array) } : { outcome: 'kept', value: kept },
      );
    });

    it('names why an answer does not fit, without quoting it', () => {
      expect(redefinedAnswer(define({ type: 'file' }), define({ type: 'text' }), null, [pdf])).toEqual({
        outcome: 'misfit',
        details: [{ path: 'files', message: 'do not answer a text item: it takes a value' }],
      });
      expect(redefinedAnswer(define({ type: 'secret' }), define({ type: 'text' }), 'hunter2', [])).toEqual({
        outcome: 'misfit',
        details: [{ path: 'value', message: expect.not.stringContaining('hunter2') }],
      });
      expect(redefinedAnswer(define({ type: 'text' }), define({ type: 'number' }), 'Jana', [])).toEqual({
        outcome: 'misfit',
        details: [{ path: 'value', message: 'must be a number' }],
      });
    });

    it('files without a submission are no answer to keep or discard', () => {
      expect(redefinedAnswer(define({ type: 'file' }), define({ type: 'text' }), null, [])).toEqual({
        outcome: 'unanswered',
      });
    });
  });
});

describe('valueInShapeOf', () => {
  it('turns a choice into a list of one and a list of one into its choice, and carries anything else', () => {
    expect(valueInShapeOf('select', 'multiselect', 'a')).toEqual(['a']);
    expect(valueInShapeOf('multiselect', 'select', ['a'])).toBe('a');
    expect(valueInShapeOf('multiselect', 'select', ['a', 'b'])).toEqual(['a', 'b']);
    expect(valueInShapeOf('multiselect', 'select', [])).toEqual([]);
    expect(valueInShapeOf('text', 'multiselect', 'a')).toBe('a');
    expect(valueInShapeOf('select', 'select', 'a')).toBe('a');
    expect(valueInShapeOf('number', 'text', 42)).toBe(42);
  });
});

describe('redefinitionInput', () => {
  const parse = (current: ItemDefinition, patch: Record<string, unknown>) =>
    parseItemDefinition(redefinitionInput(current, patch), 'item');

  it('leaves behind what the new type does not take, and keeps what it does', () => {
    const image = define({ type: 'image', constraints: { formats: ['png'], min_width: 100, max_bytes: 5_000 } });
    expect(parse(image, { type: 'file' }).definition).toMatchObject({
      type: 'file',
      constraints: { formats: ['png'], max_bytes: 5_000 },
    });
    const select = define({ type: 'select', options: ['a', 'b'] });
    expect(parse(select, { type: 'text' }).definition).toMatchObject({ type: 'text', options: null });
    expect(parse(select, { type: 'multiselect' }).definition).toMatchObject({ options: ['a', 'b'] });
    const patterned = define({ type: 'text', pattern: '[a-z]+', constraints: { max_chars: 20 } });
    expect(parse(patterned, { type: 'email' }).definition).toMatchObject({ pattern: null, constraints: {} });
    expect(parse(patterned, { type: 'longtext' }).definition).toMatchObject({
      pattern: '[a-z]+',
      constraints: { max_chars: 20 },
    });
  });

  it('still checks what the caller gives', () => {
    const text = define({ type: 'text' });
    expect(parse(text, { type: 'file', constraints: { max_chars: 5 } }).details).toEqual([
      { path: 'item.constraints.max_chars', message: 'is not accepted for type file' },
    ]);
    expect(parse(text, { type: 'select' }).details).toEqual([{ path: 'item.options', message: expect.any(String) }]);
  });

  it('carries a proposal in the new shape, and drops it for a type that takes none', () => {
    const decision = define({
      type: 'select',
      assignee: 'owner',
      options: ['a', 'b'],
      proposed: { value: 'a', rationale: null },
    });
    expect(parse(decision, { type: 'multiselect' }).definition).toMatchObject({
      proposed: { value: ['a'], rationale: null },
    });
    expect(parse(decision, { type: 'text' }).definition).toMatchObject({ proposed: null });
  });

  it('is the current definition with the patch over it when the type stays', () => {
    const text = define({ type: 'text', pattern: '[a-z]+' });
    expect(redefinitionInput(text, { label: 'New' })).toEqual({ ...text, label: 'New' });
    expect(redefinitionInput(text, { type: 'text', label: 'New' })).toEqual({ ...text, type: 'text', label: 'New' });
  });
});
