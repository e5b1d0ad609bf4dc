import {
  type ItemDefinition,
  type ItemType,
  parseItemDefinition,
  type SubmittedFile,
  validateFileSet,
  validateUploadedFile,
} from '../index';

function define(type: ItemType, constraints: Record<string, unknown> = {}): ItemDefinition {
  const { definition, details } = parseItemDefinition({ key: 'k', label: 'L', type, constraints }, 'item');
  if (!definition) throw new Error(JSON.stringify(details));
  return definition;
}

const png = (overrides: Partial<SubmittedFile> = {}): SubmittedFile => ({
  mime: 'image/png',
  extension: 'png',
  size: 2_000,
  width: 1_200,
  height: 800,
  hasAlpha: true,
  ...overrides,
});
const pdf = (overrides: Partial<SubmittedFile> = {}): SubmittedFile => ({
  mime: 'application/pdf',
  extension: 'pdf',
  size: 50_000,
  ...overrides,
});

describe('validateFileSet: counts', () => {
  it.each([
    ['file', 0, 'must contain exactly one file'],
    ['file', 1, null],
    ['file', 2, 'must contain exactly one file'],
    ['image', 0, 'must contain exactly one file'],
    ['image', 1, null],
    ['image', 3, 'must contain exactly one file'],
    ['file_list', 0, 'must contain at least 1 file'],
    ['file_list', 1, null],
    ['file_list', 100, null],
    ['file_list', 101, 'must contain at most 100 files'],
  ] as const)('%s with %i files: %p', (type, count, message) => {
    const files = Array.from({ length: count }, () => png());
    expect(validateFileSet(define(type), files)).toEqual(message === null ? [] : [{ path: 'files', message }]);
  });

  it.each([
    [1, 'must contain at least 2 files'],
    [2, null],
    [3, null],
    [4, 'must contain at most 3 files'],
  ])('file_list with min_count 2 and max_count 3, %i files: %p', (count, message) => {
    const definition = define('file_list', { min_count: 2, max_count: 3 });
    const files = Array.from({ length: count }, () => pdf());
    expect(validateFileSet(definition, files, 'upload')).toEqual(message === null ? [] : [{ path: 'upload', message }]);
  });

  it.each(['text', 'select', 'structured'] as const)('%s takes a value, not files', (type) => {
    const definition = parseItemDefinition(
      {
        key: 'k',
        label: 'L',
        type,
        options: type === 'select' ? ['a'] : null,
        schema: type === 'structured' ? { type: 'object' } : null,
      },
      'i',
    ).definition;
    if (!definition) throw new Error('fixture');
    expect(validateFileSet(definition, [pdf()])).toEqual([
      { path: 'files', message: `is not accepted for type ${type}: it takes a value` },
    ]);
  });
});

describe('validateFileSet: formats', () => {
  const only = (formats: string[]) => define('file', { formats });

  it.each([
    [['pdf'], pdf(), null],
    [['png', 'pdf'], pdf(), null],
    [['docx'], pdf(), 'must be one of docx'],
    [['png', 'svg'], pdf(), 'must be one of png, svg'],
    [['jpg'], { mime: 'image/jpeg', extension: 'jpeg', size: 10 }, null],
    [['jpeg'], { mime: 'image/jpeg', extension: 'JPG', size: 10 }, null],
    [['tiff'], { mime: 'image/tiff', extension: '.tif', size: 10 }, null],
    [['heic'], { mime: 'image/heif', extension: 'heif', size: 10 }, null],
    [['svg+xml'], { mime: 'image/svg+xml', extension: 'svg', size: 10 }, null],
    [['pdf'], { mime: 'application/pdf; charset=binary', extension: 'bin', size: 10 }, null],
    [['png'], { mime: 'application/octet-stream', extension: 'exe', size: 10 }, 'must be one of png'],
  ])('formats %p, file %p: %p', (formats, file, message) => {
    expect(validateFileSet(only(formats), [file])).toEqual(
      message === null ? [] : [{ path: 'files[0].extension', message }],
    );
  });

  it.each([
    ['jpg', ['jpeg', 'jpe']],
    ['jpeg', ['jpg', 'jpe']],
    ['tif', ['tiff']],
    ['tiff', ['tif']],
    ['htm', ['html']],
    ['html', ['htm']],
    ['heic', ['heif']],
    ['heif', ['heic']],
  ])('a %s rule takes each of its spellings %p, by the extension alone', (format, spellings) => {
    const file = (extension: string) => ({ mime: 'application/octet-stream', extension, size: 10 });
    for (const extension of [format, ...spellings])
      expect(validateFileSet(only([format]), [file(extension)])).toEqual([]);
    expect(validateFileSet(only([format]), [file('png')])).toEqual([
      { path: 'files[0].extension', message: `must be one of ${format}` },
    ]);
  });

  it('reports each offending file of a list by index', () => {
    const definition = define('file_list', { formats: ['pdf'] });
    expect(validateFileSet(definition, [pdf(), png(), pdf(), png()])).toEqual([
      { path: 'files[1].extension', message: 'must be one of pdf' },
      { path: 'files[3].extension', message: 'must be one of pdf' },
    ]);
  });

  it('an image without formats accepts any image but nothing else', () => {
    expect(validateFileSet(define('image'), [png({ mime: 'image/webp', extension: 'webp' })])).toEqual([]);
    expect(validateFileSet(define('image'), [pdf()])).toEqual([{ path: 'files[0].mime', message: 'must be an image' }]);
  });

  it('a file without formats accepts anything', () => {
    expect(validateFileSet(define('file'), [{ mime: 'application/zip', extension: 'zip', size: 1 }])).toEqual([]);
  });
});

describe('validateFileSet: sizes', () => {
  it.each([
    [1_000, 999, null],
    [1_000, 1_000, null],
    [1_000, 1_001, 'must not be larger than 1000 bytes'],
    [undefined, 5 * 1024 ** 3, null],
  ])('max_bytes %p, size %p: %p', (maxBytes, size, message) => {
    const definition = define('file', maxBytes === undefined ? {} : { max_bytes: maxBytes });
    expect(validateFileSet(definition, [pdf({ size })])).toEqual(
      message === null ? [] : [{ path: 'files[0].size', message }],
    );
  });

  it.each([0, -1, Number.NaN])('refuses a file of size %p', (size) => {
    expect(validateFileSet(define('file'), [pdf({ size })])).toEqual([
      { path: 'files[0].size', message: 'must not be empty' },
    ]);
  });
});

describe('validateFileSet: images', () => {
  it.each([
    [1_200, null],
    [1_000, null],
    [999, ['files[0].width', 'must be at least 1000 pixels']],
    [null, ['files[0].width', 'could not be measured']],
    [undefined, ['files[0].width', 'could not be measured']],
  ])('min_width 1000, width %p', (width, expected) => {
    const definition = define('image', { min_width: 1_000 });
    expect(validateFileSet(definition, [png({ width })])).toEqual(
      expected === null ? [] : [{ path: expected[0], message: expected[1] }],
    );
  });

  it.each([
    [true, true, null],
    [true, false, 'must have a transparent background'],
    [true, null, 'must have a transparent background'],
    [false, false, null],
    [undefined, false, null],
  ])('transparent_background %p, hasAlpha %p: %p', (transparent, hasAlpha, message) => {
    const definition = define('image', transparent === undefined ? {} : { transparent_background: transparent });
    expect(validateFileSet(definition, [png({ hasAlpha })])).toEqual(
      message === null ? [] : [{ path: 'files[0].hasAlpha', message }],
    );
  });

  it('does not measure vector images', () => {
    const definition = define('image', { min_width: 1_000, transparent_background: true });
    const svg: SubmittedFile = { mime: 'image/svg+xml', extension: 'svg', size: 300, width: null, hasAlpha: null };
    expect(validateFileSet(definition, [svg])).toEqual([]);
    expect(validateFileSet(definition, [{ ...svg, hasAlpha: false }])).toEqual([
      { path: 'files[0].hasAlpha', message: 'must have a transparent background' },
    ]);
  });

  it('does not measure a compressed SVG either', () => {
    const definition = define('image', { min_width: 1_000, transparent_background: true });
    const svgz: SubmittedFile = { mime: 'image/svg+xml', extension: 'svgz', size: 300, width: null, hasAlpha: null };
    expect(validateFileSet(definition, [svgz])).toEqual([]);
  });

  it('does not apply image rules to a file_list', () => {
    expect(validateFileSet(define('file_list'), [png({ width: 1, hasAlpha: false })])).toEqual([]);
  });

  it('reports count and per-file problems together', () => {
    const definition = define('image', { formats: ['png'], max_bytes: 100, min_width: 500 });
    expect(validateFileSet(definition, [png({ size: 200, width: 10 }), pdf()])).toEqual([
      { path: 'files', message: 'must contain exactly one file' },
      { path: 'files[0].size', message: 'must not be larger than 100 bytes' },
      { path: 'files[0].width', message: 'must be at least 500 pixels' },
      { path: 'files[1].extension', message: 'must be one of png' },
      { path: 'files[1].size', message: 'must not be larger than 100 bytes' },
      { path: 'files[1].width', message: 'could not be measured' },
    ]);
  });
});

describe('validateUploadedFile: one file on upload, without the count rules', () => {
  it('names the file, not an index, and ignores counts', () => {
    const list = define('file_list', { formats: ['pdf'], min_count: 3 });
    expect(validateUploadedFile(list, pdf())).toEqual([]);
    expect(validateUploadedFile(list, png())).toEqual([{ path: 'file.extension', message: 'must be one of pdf' }]);
  });

  it('checks width and transparency of images', () => {
    const logo = define('image', { min_width: 500, transparent_background: true });
    expect(validateUploadedFile(logo, png({ width: 100, hasAlpha: false }))).toEqual([
      { path: 'file.width', message: 'must be at least 500 pixels' },
      { path: 'file.hasAlpha', message: 'must have a transparent background' },
    ]);
  });
});
