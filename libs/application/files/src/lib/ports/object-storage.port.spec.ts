import { DomainError } from '@intake/errors';
import { assertObjectKey, assertObjectPrefix, fileTooLarge } from './object-storage.port';

describe('assertObjectKey', () => {
  it.each(['a', 'intakes/in_1/files/fl_2', 'brief.v2/file-1_x', 'a/.b/c..d', 'k'.repeat(512)])('accepts %j', (key) => {
    expect(() => assertObjectKey(key)).not.toThrow();
  });

  it.each([
    '',
    '/intakes/in_1',
    'intakes/in_1/',
    'intakes//in_1',
    '.',
    '..',
    '../intakes',
    'intakes/../etc',
    'intakes/./in_1',
    'intakes/in_1/..',
    'intakes/in 1',
    'intakes\\in_1',
    'k'.repeat(513),
  ])('refuses %j with a RangeError naming it', (key) => {
    expect(() => assertObjectKey(key)).toThrow(new RangeError(`invalid object key "${key}"`));
  });
});

describe('assertObjectPrefix', () => {
  it('accepts a valid key followed by a slash', () => {
    expect(() => assertObjectPrefix('intakes/in_1/')).not.toThrow();
  });

  it('refuses a prefix without its closing slash', () => {
    expect(() => assertObjectPrefix('intakes/in_1')).toThrow(new RangeError('invalid object prefix "intakes/in_1"'));
  });

  it.each(['intakes/../', 'intakes//', '/'])('refuses %j, whose key part is not a valid key', (prefix) => {
    expect(() => assertObjectPrefix(prefix)).toThrow(RangeError);
  });
});

describe('fileTooLarge', () => {
  it('is the 422 with a file.too_large issue on the file field, naming the limit', () => {
    const error = fileTooLarge(1024);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: 'unprocessable',
      message: 'The file is larger than the 1024 bytes allowed.',
      reason: 'file.too_large',
      params: { max_bytes: 1024 },
      details: [{ path: 'file', message: 'is larger than 1024 bytes' }],
    });
  });
});
