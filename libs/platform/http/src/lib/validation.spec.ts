import { type ArgumentMetadata } from '@nestjs/common';
import { DomainError } from '@intake/errors';
import { createValidationPipe, findNulCharacters, NUL_MESSAGE } from './validation';

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

  it('lets clean input and custom parameters through', async () => {
    await expect(pipe.transform({ a: 'b' }, body)).resolves.toEqual({ a: 'b' });
    const custom: ArgumentMetadata = { type: 'custom', metatype: Object };
    await expect(pipe.transform({ a: NUL }, custom)).resolves.toEqual({ a: NUL });
  });
});
