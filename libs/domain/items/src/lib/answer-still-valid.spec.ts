import { answerStillValid, type ItemDefinition, parseItemDefinition, type SubmittedFile } from '../index';

function define(input: Record<string, unknown>): ItemDefinition {
  const { definition, details } = parseItemDefinition({ key: 'k', label: 'L', ...input }, 'item');
  if (!definition) throw new Error(JSON.stringify(details));
  return definition;
}

const logo: SubmittedFile = {
  mime: 'image/png',
  extension: 'png',
  size: 4_000,
  width: 800,
  height: 600,
  hasAlpha: false,
};

describe('answerStillValid', () => {
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
    ['type changes, even to a compatible one', { type: 'text' }, { type: 'longtext' }, 'Jana', false],
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
    expect(answerStillValid(define(oldInput), define(newInput), value, [])).toBe(expected);
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
    expect(answerStillValid(before, after, null, [logo])).toBe(expected);
  });

  it('a file_list answer must meet a raised min_count', () => {
    const before = define({ type: 'file_list' });
    expect(
      answerStillValid(before, define({ type: 'file_list', constraints: { min_count: 2 } }), null, [logo, logo]),
    ).toBe(true);
    expect(
      answerStillValid(before, define({ type: 'file_list', constraints: { min_count: 3 } }), null, [logo, logo]),
    ).toBe(false);
  });

  it('files decide for file items, whatever value is stored', () => {
    const before = define({ type: 'file' });
    expect(answerStillValid(before, define({ type: 'file', constraints: { formats: ['pdf'] } }), null, [])).toBe(true);
    expect(answerStillValid(before, define({ type: 'image' }), 'ignored', [logo])).toBe(false);
  });
});
