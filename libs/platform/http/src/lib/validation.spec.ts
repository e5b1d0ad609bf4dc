import { type ArgumentMetadata } from '@nestjs/common';
import { DomainError } from '@intake/errors';
import {
  createValidationPipe,
  findNulCharacters,
  findTooDeep,
  MAX_INPUT_DEPTH,
  NUL_MESSAGE,
  replaceLoneSurrogates,
  TOO_DEEP_MESSAGE,
  toErrorDetails,
} from './validation';

const NUL = String.fromCharCode(0);

describe('findNulCharacters', () => {
  it('names every string value and object key holding a NUL, at any depth, in document order', () => {
    const body = {
      name: `a${NUL}`,
      ok: 'fine',
      items: [{ label: 'x' }, { label: `${NUL}` }],
      constraints: { [`k${NUL}`]: 1 },
      deep: { nested: [[`z${NUL}z`]] },
    };
    expect(findNulCharacters(body)).toEqual(['name', 'items[1].label', `constraints.k${NUL}`, 'deep.nested[0][0]']);
  });

  it('finds none in clean input, numbers, booleans and null', () => {
    expect(findNulCharacters({ a: 'x', b: 1, c: true, d: null, e: ['\u202e', '\u200b'] })).toEqual([]);
    expect(findNulCharacters(undefined)).toEqual([]);
  });

  it('starts paths at the given root and handles a bare string', () => {
    expect(findNulCharacters(`id${NUL}`, 'id')).toEqual(['id']);
    expect(findNulCharacters({ q: NUL }, '')).toEqual(['q']);
  });

  it('walks 2,000-deep nesting without recursion, and lists at most 100 fields', () => {
    let deep: unknown = NUL;
    for (let i = 0; i < 2000; i++) deep = [deep];
    expect(findNulCharacters(deep)).toHaveLength(1);
    expect(findNulCharacters(Array.from({ length: 500 }, () => NUL))).toHaveLength(100);
  });
});

describe('replaceLoneSurrogates', () => {
  it('replaces lone surrogates, high or low, in values and keys at any depth, and leaves pairs alone', () => {
    const body = { a: '\uD800', b: ['x\uDFFFy'], c: '😀', ['k\uD800']: { d: 'e\uDC00' } };
    expect(replaceLoneSurrogates(body)).toEqual({
      a: '\uFFFD',
      b: ['x\uFFFDy'],
      c: '😀',
      ['k\uFFFD']: { d: 'e\uFFFD' },
    });
    expect(replaceLoneSurrogates('\uDBFF')).toBe('\uFFFD');
    expect(replaceLoneSurrogates(7)).toBe(7);
  });
});

describe('findTooDeep', () => {
  const nested = (depth: number) => {
    let value: unknown = [];
    for (let i = 0; i < depth; i++) value = { a: value };
    return value;
  };

  it('passes nesting up to the limit and names the first level past it', () => {
    expect(findTooDeep(nested(MAX_INPUT_DEPTH))).toBeUndefined();
    expect(findTooDeep(nested(MAX_INPUT_DEPTH + 1))).toBe(
      Array(MAX_INPUT_DEPTH + 1)
        .fill('a')
        .join('.'),
    );
    expect(findTooDeep(nested(2000), 'items')).toMatch(/^items\.a\.a/);
    expect(findTooDeep('text')).toBeUndefined();
  });
});

describe('the global input pipe', () => {
  const pipe = createValidationPipe();
  const body: ArgumentMetadata = { type: 'body', metatype: Object };

  it('refuses a NUL in a body field with 422 naming the field, before any DTO rule', async () => {
    const error = await pipe.transform({ sender_name: `x${NUL}` }, body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: 'unprocessable',
      reason: 'validation_failed',
      details: [{ path: 'sender_name', message: NUL_MESSAGE }],
    });
  });

  it('refuses a NUL in a path or query parameter, naming the parameter', async () => {
    const param: ArgumentMetadata = { type: 'param', metatype: String, data: 'id' };
    await expect(pipe.transform(`int${NUL}`, param)).rejects.toMatchObject({ details: [{ path: 'id' }] });
    const query: ArgumentMetadata = { type: 'query', metatype: Object };
    await expect(pipe.transform({ q: NUL }, query)).rejects.toMatchObject({ details: [{ path: 'q' }] });
  });

  it('stores a lone surrogate as U+FFFD and refuses 2,000-deep nesting with 422 (both answered 500)', async () => {
    await expect(pipe.transform({ reason: 'a\uD800' }, body)).resolves.toEqual({ reason: 'a\uFFFD' });
    let deep: unknown = [];
    for (let i = 0; i < 2000; i++) deep = [deep];
    await expect(pipe.transform({ items: deep }, body)).rejects.toMatchObject({
      code: 'unprocessable',
      details: [{ message: TOO_DEEP_MESSAGE }],
    });
  });

  it('lets clean input and custom parameters through', async () => {
    await expect(pipe.transform({ a: 'b' }, body)).resolves.toEqual({ a: 'b' });
    const custom: ArgumentMetadata = { type: 'custom', metatype: Object };
    await expect(pipe.transform({ a: NUL }, custom)).resolves.toEqual({ a: NUL });
  });
});

describe('toErrorDetails', () => {
  it('drops the property name that starts each message, reading it as text, not as a RegExp', () => {
    const error = (property: string, message: string) => ({ property, constraints: { rule: message }, children: [] });
    expect(toErrorDetails([error('name', 'name must be a string')])).toEqual([
      { path: 'name', message: 'must be a string' },
    ]);
    // Compiled as a RegExp, the first threw (500) and the second backtracked for minutes.
    expect(toErrorDetails([error('(', '( must be a string')])).toEqual([{ path: '(', message: 'must be a string' }]);
    const evil = '(a+)+b';
    expect(toErrorDetails([error(evil, `${'a'.repeat(30)}! must be a string`)])).toEqual([
      { path: evil, message: `${'a'.repeat(30)}! must be a string` },
    ]);
    expect(toErrorDetails([error('age', 'agent must be set')])).toEqual([{ path: 'age', message: 'agent must be set' }]);
  });
});
