import { problemOf } from './api';
import { explain, fileDetailText, hintsOf, problemMessages, problemText } from './messages';
import { createText } from './text';
import type { ItemType, PortalItem } from './types';

// Each message is its key, followed by its placeholders where it has any, so that a test sees
// which message was chosen and with what (the real catalogues are in ./catalogues;
// t() says the key itself for a key the catalogue does not have).
const WITH_PLACEHOLDERS = [
  'err_too_long {n}',
  'err_min_choices {n}',
  'err_max_choices {n}',
  'err_min_files {n}',
  'err_max_files {n}',
  'err_one_of {list}',
  'err_too_large {size}',
  'err_too_narrow {n}',
  'hint_formats {list}',
  'hint_max_bytes {size}',
  'hint_min_width {n}',
  ...['files', 'choices'].flatMap((unit) => [
    `hint_${unit}_exact {n}`,
    `hint_${unit}_range {min}-{max}`,
    `hint_${unit}_min {n}`,
    `hint_${unit}_max {n}`,
  ]),
];
const text = createText(Object.fromEntries(WITH_PLACEHOLDERS.map((m) => [m.split(' ')[0], m])), 'en');

const item = (type: ItemType, rest: Partial<PortalItem> = {}): PortalItem => ({
  key: 'k',
  type,
  label: 'Label',
  required: true,
  status: 'pending',
  ...rest,
});

describe('the API’s validation messages in the client’s language', () => {
  it.each([
    ['is required', 'err_required'],
    ['must not be blank', 'err_required'],
    ['must be an e-mail address', 'err_email'],
    ['must be an absolute http or https URL', 'err_url'],
    ['must not contain a user name or password', 'err_url_credentials'],
    ['must be a number', 'err_number'],
    ['must be an integer', 'err_integer'],
    ['must be a single line', 'err_single_line'],
    ['does not match the required pattern', 'err_pattern'],
    ['must be a date in YYYY-MM-DD form', 'err_date'],
    ['is not a real calendar date', 'err_date'],
    ['must not be longer than 1 characters', 'err_too_long 1'],
    ['must not be longer than 2000 characters', 'err_too_long 2,000'],
    ['must contain at least 1 choice', 'err_min_choices 1'],
    ['must contain at most 3 choices', 'err_max_choices 3'],
    ['must contain at least 2 files', 'err_min_files 2'],
    ['must contain at most 1 file', 'err_max_files 1'],
    ['cannot be added: the item takes at most 5 files', 'err_max_files 5'],
    ['must contain exactly one file', 'err_one_file'],
    ['must be one of the options', 'err_option'],
    ['must be one of red, green', 'err_one_of red, green'],
    ['must not be larger than 5000000 bytes', 'err_too_large 5 MB'],
    ['is larger than 1500 bytes', 'err_too_large 1.5 kB'],
    ['must be at least 400 pixels', 'err_too_narrow 400'],
    ['must have a transparent background', 'err_transparent'],
    ['must be an image', 'err_not_image'],
    ['must not be empty', 'err_empty_file'],
    ['could not be measured', 'err_unmeasured'],
    ['failed the virus scan (Eicar-Signature)', 'err_infected'],
  ])('“%s” → “%s”', (message, expected) => {
    expect(explain(text, message)).toBe(expected);
  });

  it('shows any other message as the API sent it', () => {
    expect(explain(text, 'must be a colour the owner likes')).toBe('must be a colour the owner likes');
    expect(explain(text, 'is required, really')).toBe('is required, really');
    expect(explain(text, undefined)).toBe('');
  });
});

describe('a refused request in one sentence', () => {
  const problem = (status: number, body: unknown = {}) => problemOf(status, body);

  it.each([
    [0, {}, 'error_network'],
    [409, { error: { code: 'conflict', reason: 'intake_archived' } }, 'archived_notice'],
    [409, { error: { code: 'conflict', reason: 'item_approved' } }, 'err_item_approved'],
    [409, { error: { code: 'conflict', reason: 'item_waived' } }, 'err_item_waived'],
    [402, { error: 'payment_required', reason: 'storage' }, 'err_storage'],
    [422, { error: { reason: 'file.too_large', params: { max_bytes: 2_000_000 } } }, 'err_too_large 2 MB'],
    [404, {}, 'error_gone'],
    [429, {}, 'error_busy'],
    [500, {}, 'error_server'],
    [503, { error: { message: 'Database down' } }, 'error_server'],
    [422, { error: { details: [{ path: 'value', message: 'is required' }] } }, 'err_required'],
    [400, { error: { message: 'Bad slug' } }, 'Bad slug'],
    [400, 'not json', 'error_generic'],
  ])('%i %j → %s', (status, body, expected) => {
    expect(problemText(text, problem(status, body))).toBe(expected);
  });

  it('puts each 422 detail next to the field its path names', () => {
    const refused = problem(422, {
      error: {
        details: [
          { path: 'value.name', message: 'is required' },
          { path: 'value.phone', message: 'must be a single line' },
          { message: 'must be one of the options' },
        ],
      },
    });
    expect(problemMessages(text, refused)).toEqual([
      { path: 'value.name', text: 'err_required' },
      { path: 'value.phone', text: 'err_single_line' },
      { path: '', text: 'err_option' },
    ]);
    expect(problemMessages(text, problem(500))).toEqual([{ path: '', text: 'error_server' }]);
    expect(problemMessages(text, problem(422, {}))).toEqual([{ path: '', text: 'error_generic' }]);
  });

  it('names the file a file item’s detail is about', () => {
    const files = [
      { id: 'f1', filename: 'logo.png', size: 1 },
      { id: 'f2', filename: 'menu.pdf', size: 2 },
    ];
    const refused = problem(422, {
      error: {
        details: [
          { path: 'files[1]', message: 'failed the virus scan' },
          { path: 'files', message: 'must contain at least 3 files' },
          { path: 'files[7]', message: 'must not be empty' },
        ],
      },
    });
    expect(problemMessages(text, refused, (d) => fileDetailText(text, files, d)).map((m) => m.text)).toEqual([
      'menu.pdf: err_infected',
      'err_min_files 3',
      'err_empty_file',
    ]);
  });
});

describe('an item’s rules in words', () => {
  it('says nothing for an item without rules', () => {
    expect(hintsOf(text, item('text'))).toEqual([]);
    expect(hintsOf(text, item('longtext', { constraints: null }))).toEqual([]);
  });

  it('lists formats, size, width and transparency of a file or image', () => {
    const logo = item('image', {
      constraints: { formats: ['png', 'svg'], max_bytes: 2_000_000, min_width: 400, transparent_background: true },
    });
    expect(hintsOf(text, logo)).toEqual([
      'hint_formats PNG or SVG',
      'hint_max_bytes 2 MB',
      'hint_min_width 400',
      'hint_transparent',
    ]);
  });

  it.each([
    ['file_list', { min_count: 2, max_count: 2 }, 'hint_files_exact 2'],
    ['file_list', { min_count: 1, max_count: 5 }, 'hint_files_range 1-5'],
    ['file_list', { min_count: 3 }, 'hint_files_min 3'],
    ['file_list', { max_count: 1 }, 'hint_files_max 1'],
    ['multiselect', { min_count: 2, max_count: 2 }, 'hint_choices_exact 2'],
    ['multiselect', { min_count: 1, max_count: 3 }, 'hint_choices_range 1-3'],
    ['multiselect', { min_count: 1 }, 'hint_choices_min 1'],
    ['multiselect', { max_count: 2 }, 'hint_choices_max 2'],
  ] as const)('counts the files of a file list, the choices of a multiselect: %s %j', (type, constraints, hint) => {
    expect(hintsOf(text, item(type, { constraints }))).toEqual([hint]);
  });

  it('does not count what is not a list', () => {
    expect(hintsOf(text, item('file', { constraints: { min_count: 1, max_count: 1 } }))).toEqual([]);
  });

  it('tells whether a secret is already stored', () => {
    expect(hintsOf(text, item('secret', { answered: false }))).toEqual(['secret_hint']);
    expect(hintsOf(text, item('secret', { answered: true }))).toEqual(['secret_provided']);
  });
});
