import { problemOf } from './api';
import { explain, fileDetailText, hintsOf, problemMessages, problemText } from './messages';
import { createText } from './text';
import type { ItemType, PortalItem } from './types';

// Short stand-ins for the catalogue (the real one is the api's, portal-page.i18n.ts).
const text = createText(
  {
    err_required: 'fill in',
    err_email: 'e-mail?',
    err_url: 'https://?',
    err_url_credentials: 'no password in the address',
    err_number: 'a number?',
    err_integer: 'a whole number?',
    err_single_line: 'one line',
    err_pattern: 'format?',
    err_date: 'date?',
    err_too_long: { one: 'at most {n} character', other: 'at most {n} characters' },
    err_min_choices: { one: 'at least {n} option', other: 'at least {n} options' },
    err_max_choices: { one: 'at most {n} option', other: 'at most {n} options' },
    err_min_files: { one: 'at least {n} file', other: 'at least {n} files' },
    err_max_files: { one: 'at most {n} file', other: 'at most {n} files' },
    err_one_file: 'exactly one file',
    err_option: 'one of the options',
    err_one_of: 'one of: {list}',
    err_too_large: 'over {size}',
    err_too_narrow: 'narrower than {n} px',
    err_transparent: 'not transparent',
    err_not_image: 'not an image',
    err_empty_file: 'empty',
    err_unmeasured: 'unmeasured',
    err_infected: 'infected',
    err_storage: 'storage full',
    err_item_approved: 'already accepted',
    err_item_waived: 'no longer needed',
    archived_notice: 'closed',
    error_network: 'offline',
    error_gone: 'gone',
    error_busy: 'busy',
    error_server: 'server error',
    error_generic: 'something went wrong',
    hint_formats: 'formats: {list}',
    hint_max_bytes: 'up to {size}',
    hint_min_width: 'at least {n} px wide',
    hint_transparent: 'transparent',
    hint_files_exact: { one: 'exactly {n} file', other: 'exactly {n} files' },
    hint_files_range: { one: '{min} to {max} file', other: '{min} to {max} files' },
    hint_files_min: { one: 'at least {n} file', other: 'at least {n} files' },
    hint_files_max: { one: 'at most {n} file', other: 'at most {n} files' },
    hint_choices_exact: { one: 'choose {n}', other: 'choose {n}' },
    hint_choices_range: { one: 'choose {min} to {max}', other: 'choose {min} to {max}' },
    hint_choices_min: { one: 'choose at least {n}', other: 'choose at least {n}' },
    hint_choices_max: { one: 'choose at most {n}', other: 'choose at most {n}' },
    secret_hint: 'sent securely',
    secret_provided: 'already provided',
  },
  'en',
);

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
    ['is required', 'fill in'],
    ['must not be blank', 'fill in'],
    ['must be an e-mail address', 'e-mail?'],
    ['must be an absolute http or https URL', 'https://?'],
    ['must not contain a user name or password', 'no password in the address'],
    ['must be a number', 'a number?'],
    ['must be an integer', 'a whole number?'],
    ['must be a single line', 'one line'],
    ['does not match the required pattern', 'format?'],
    ['must be a date in YYYY-MM-DD form', 'date?'],
    ['is not a real calendar date', 'date?'],
    ['must not be longer than 1 characters', 'at most 1 character'],
    ['must not be longer than 2000 characters', 'at most 2,000 characters'],
    ['must contain at least 1 choice', 'at least 1 option'],
    ['must contain at most 3 choices', 'at most 3 options'],
    ['must contain at least 2 files', 'at least 2 files'],
    ['must contain at most 1 file', 'at most 1 file'],
    ['cannot be added: the item takes at most 5 files', 'at most 5 files'],
    ['must contain exactly one file', 'exactly one file'],
    ['must be one of the options', 'one of the options'],
    ['must be one of red, green', 'one of: red, green'],
    ['must not be larger than 5000000 bytes', 'over 5 MB'],
    ['is larger than 1500 bytes', 'over 1.5 kB'],
    ['must be at least 400 pixels', 'narrower than 400 px'],
    ['must have a transparent background', 'not transparent'],
    ['must be an image', 'not an image'],
    ['must not be empty', 'empty'],
    ['could not be measured', 'unmeasured'],
    ['failed the virus scan (Eicar-Signature)', 'infected'],
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
    [0, {}, 'offline'],
    [409, { error: { code: 'conflict', reason: 'intake_archived' } }, 'closed'],
    [409, { error: { code: 'conflict', reason: 'item_approved' } }, 'already accepted'],
    [409, { error: { code: 'conflict', reason: 'item_waived' } }, 'no longer needed'],
    [402, { error: 'payment_required', reason: 'storage' }, 'storage full'],
    [422, { error: { reason: 'file.too_large', params: { max_bytes: 2_000_000 } } }, 'over 2 MB'],
    [404, {}, 'gone'],
    [429, {}, 'busy'],
    [500, {}, 'server error'],
    [503, { error: { message: 'Database down' } }, 'server error'],
    [422, { error: { details: [{ path: 'value', message: 'is required' }] } }, 'fill in'],
    [400, { error: { message: 'Bad slug' } }, 'Bad slug'],
    [400, 'not json', 'something went wrong'],
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
      { path: 'value.name', text: 'fill in' },
      { path: 'value.phone', text: 'one line' },
      { path: '', text: 'one of the options' },
    ]);
    expect(problemMessages(text, problem(500))).toEqual([{ path: '', text: 'server error' }]);
    expect(problemMessages(text, problem(422, {}))).toEqual([{ path: '', text: 'something went wrong' }]);
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
      'menu.pdf: infected',
      'at least 3 files',
      'empty',
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
    expect(hintsOf(text, logo)).toEqual(['formats: PNG or SVG', 'up to 2 MB', 'at least 400 px wide', 'transparent']);
  });

  it.each([
    [{ min_count: 2, max_count: 2 }, ['exactly 2 files']],
    [{ min_count: 1, max_count: 5 }, ['1 to 5 files']],
    [{ min_count: 3 }, ['at least 3 files']],
    [{ max_count: 1 }, ['at most 1 file']],
  ])('counts the files of a file list: %j', (constraints, expected) => {
    expect(hintsOf(text, item('file_list', { constraints }))).toEqual(expected);
  });

  it.each([
    [{ min_count: 2, max_count: 2 }, ['choose 2']],
    [{ min_count: 1, max_count: 3 }, ['choose 1 to 3']],
    [{ min_count: 1 }, ['choose at least 1']],
    [{ max_count: 2 }, ['choose at most 2']],
  ])('counts the choices of a multiselect: %j', (constraints, expected) => {
    expect(hintsOf(text, item('multiselect', { constraints }))).toEqual(expected);
  });

  it('does not count what is not a list', () => {
    expect(hintsOf(text, item('file', { constraints: { min_count: 1, max_count: 1 } }))).toEqual([]);
  });

  it('tells whether a secret is already stored', () => {
    expect(hintsOf(text, item('secret', { answered: false }))).toEqual(['sent securely']);
    expect(hintsOf(text, item('secret', { answered: true }))).toEqual(['already provided']);
  });
});
