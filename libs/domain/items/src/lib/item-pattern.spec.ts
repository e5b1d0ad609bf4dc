import {
  cachedPatterns,
  compileItemPattern,
  type ItemDefinition,
  isPatternRefusal,
  PATTERN_CACHE_SIZE,
  PATTERN_CACHE_WEIGHT_MAX,
  PATTERN_MESSAGES,
  PATTERN_SIZE_MAX,
  parseItemDefinition,
  parseItemDefinitions,
  UNCHECKABLE_PATTERN_MESSAGE,
  validateItemValue,
} from '../index';

function compiled(pattern: string) {
  const result = compileItemPattern(pattern);
  if (isPatternRefusal(result)) throw new Error(`${pattern}: ${result.message}`);
  return result;
}

/** What a browser's `pattern` attribute answers: the reference RE2 must agree with. */
const browser = (pattern: string, value: string) => new RegExp(`^(?:${pattern})$`, 'u').test(value);

function millisecondsFor(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

describe('compileItemPattern: the same answers as the browser', () => {
  // Patterns owners write, and the corners where RE2's language differs from JavaScript's.
  const cases: Array<[string, string[]]> = [
    ['[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}', ['SW1A 1AA', 'M1 1AE', 'sw1a 1aa', 'SW1A1AA', 'SW1A  1AA', '']],
    ['\\d{5}(-\\d{4})?', ['12345', '12345-6789', '1234', '12345-678', '123456']],
    ['\\d{3} ?\\d{2}', ['110 00', '11000', '110  00']],
    [
      '[A-Z]{2}\\d{2}[A-Z0-9]{11,30}',
      ['GB82WEST12345698765432', 'CZ6508000000192000145399', 'GB82', 'gb82west12345698765432'],
    ],
    ['\\+?[0-9 ()-]{7,20}', ['+420 123 456 789', '(555) 123-4567', '12345', '+1 555 CALL NOW']],
    ['\\+[1-9]\\d{6,14}', ['+420123456789', '+0123456789', '420123456789']],
    ['[^@\\s]+@[^@\\s]+\\.[a-z]{2,}', ['a@b.cz', 'a b@c.cz', 'a@b.c', 'a@b@c.cz']],
    ['\\d{4}-\\d{2}-\\d{2}', ['2026-11-28', '2026-1-28', '٢٠٢٦-١١-٢٨']],
    ["[\\p{L} '-]+", ['Žluťoučký kůň', "O'Brien-Smith", 'Zoë', 'R2D2', 'Ελληνικά']],
    ['\\p{Lu}\\p{Ll}+', ['Praha', 'praha', 'ÉCOLE', 'Ériс']],
    ['\\p{Script=Greek}+', ['αβγ', 'abc', 'Ωmega']],
    ['\\p{sc=Han}+', ['漢字', 'kanji']],
    ['\\p{General_Category=Nd}+', ['123', '١٢٣', 'x']],
    ['(?<year>\\d{4})/(?<month>\\d\\d)', ['2026/11', '26/11']],
    ['(a|ab)(c|bcd)(d*)', ['abcd', 'acd', 'abcdd']],
    ['a|b', ['a', 'b', 'ab', '']],
    ['.', ['😀', 'a', '\n', '\r', '\u2028', '\u2029', '\u0085', '']],
    ['.+', ['line\r', 'a\u2028b', 'tab\there']],
    ['\\s', [' ', '\t', '\u00a0', '\u3000', '\ufeff', '\u2028', '\u000b', '\u0085', '\u200b', 'x']],
    ['\\S+', ['abc', 'a\u00a0b', 'a\u200bb']],
    ['[\\S]+', ['abc', 'a\u00a0b', 'a\u3000b', 'x\u200by']],
    ['[^\\s]+', ['abc', 'a\u00a0b']],
    ['[\\s\\d]+', ['1\u00a02', '1 2', '1x2']],
    ['[^]*', ['', 'anything\nat all']],
    ['x[]?', ['x', 'x ']],
    ['\\u00e9+', ['éé', 'e\u0301']],
    ['\\u{1F600}', ['😀', '😃']],
    ['\\uD83D\\uDE00', ['😀', '\ud83d']],
    ['[\\u0041-\\u005A]+', ['ABC', 'abc']],
    ['\\x41\\cJ', ['A\n', 'A\r']],
    ['[\\b]', ['\b', 'b']],
    ['\\bword\\b.*', ['word up', 'wordy']],
    ['[.*+?^${}()|[\\]\\\\/-]+', ['.*+?^${}()|[]\\/-', 'a']],
    ['\\.\\*\\+\\?\\^\\$\\{\\}\\(\\)\\|\\[\\]\\\\\\/', ['.*+?^${}()|[]\\/', 'x']],
    ['[a-z\\-_]+', ['a-b_c', 'A']],
    ['\\w+\\W\\d\\D', ['ab!1x', 'ab!12', 'é!1x']],
    ['a{2}b{2,}c{1,3}', ['aabbc', 'aabbbbccc', 'abbc', 'aabbcccc']],
    ['a+?b*?c??', ['aab', 'a', 'ac']],
    ['\\0', ['\0', '0']],
    ['(?:)', ['', 'a']],
    ['^abc$', ['abc', 'xabc']],
    ['\\t\\n\\v\\f\\r', ['\t\n\v\f\r']],
    ['[\\p{L}\\p{N}]+', ['a1', '漢字字', '', 'ab-cd']],
    ['\\P{L}+', ['123 !', 'a']],
    ['(a+)+', ['aaaa', 'aaab']],
    ['[😀-😂]', ['😁', '😃']],
  ];

  it.each(cases)('%s', (pattern, values) => {
    const pattern2 = compiled(pattern);
    for (const value of values) {
      expect([value, pattern2.test(value)]).toEqual([value, browser(pattern, value)]);
    }
  });
});

describe('compileItemPattern: linear time', () => {
  it('answers ^(a+)+$ against 10,000 "a" and a "!" in milliseconds, where a backtracking engine never does', () => {
    const pattern = compiled('^(a+)+$');
    const value = `${'a'.repeat(10_000)}!`;
    let answer: boolean | undefined;
    // A backtracking engine needs ~2^10000 steps; 40 characters already take minutes.
    expect(millisecondsFor(() => (answer = pattern.test(value)))).toBeLessThan(1_000);
    expect(answer).toBe(false);
    expect(pattern.test('a'.repeat(10_000))).toBe(true);
  });

  it.each([
    ['(a|aa)+', `${'a'.repeat(100_000)}!`, false],
    ['(.*a){20}', 'a'.repeat(100_000), true],
    ['.*a.{90}', `${'a'.repeat(99_990)}b`, true],
    ['\\p{L}*a\\p{L}', '字'.repeat(100_000), false],
    ['.*a.{140}', `${'a'.repeat(99_990)}b`, true],
    ['([a-z]+)*\\d', 'z'.repeat(100_000), false],
  ])('%s stays fast on a 100,000-character value', (source, value, expected) => {
    const pattern = compiled(source);
    let answer: boolean | undefined;
    expect(millisecondsFor(() => (answer = pattern.test(value)))).toBeLessThan(1_000);
    expect(answer).toBe(expected);
  });

  it('keeps at most PATTERN_CACHE_SIZE programs', () => {
    for (let i = 0; i < PATTERN_CACHE_SIZE + 20; i++) expect(compiled(`(?:[a-z]{1,20}|x${i})`).test('abc')).toBe(true);
    expect(cachedPatterns().count).toBe(PATTERN_CACHE_SIZE);
  });

  // Several seconds: mutation runs (tools/mutation/run.sh sets MUTATION_RUN) leave it out, which
  // can only lose kills, never add any (docs/testing.md); every other run has it.
  (process.env['MUTATION_RUN'] === 'true' ? it.skip : it)(
    'frees the evicted programs: thousands of patterns fit the fixed heap',
    () => {
      // Each program left behind would keep its share of RE2's 16 MB heap; 5,000 of them exhaust it.
      for (let i = 0; i < 5_000; i++) {
        const pattern = compiled(`(?:[a-z]{1,20}|\\d{1,40}|x${i})`);
        expect(pattern.test('abc')).toBe(true);
      }
      expect(cachedPatterns().count).toBe(PATTERN_CACHE_SIZE);
      expect(compiled('[A-Z]{2}\\d{3}').test('CZ123')).toBe(true);
    },
  );

  it('keeps a held pattern working after its program was evicted and freed', () => {
    const held = compiled('[A-Z]{2}\\d{3}');
    for (let i = 0; i <= PATTERN_CACHE_SIZE; i++) compiled(`evict${i}`);
    expect(held.test('CZ123')).toBe(true);
    expect(held.test('cz123')).toBe(false);
  });

  it('bounds the cached weight: heavy Unicode patterns, each run on a long value, never exhaust the heap', () => {
    // Sixty such programs held at once exhaust the heap (an abort that breaks every later pattern).
    const value = Array.from({ length: 100_000 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20_000))).join(
      '',
    );
    for (let i = 0; i < PATTERN_CACHE_SIZE + 10; i++) {
      const pattern = compiled(`[\\p{L} -]+[\\p{N} ]x${i}`);
      expect(pattern.test(value)).toBe(false);
    }
    expect(cachedPatterns().weight).toBeLessThanOrEqual(PATTERN_CACHE_WEIGHT_MAX);
    expect(compiled('[A-Z]{2}\\d{3}').test('CZ123')).toBe(true);
  });
});

describe('compileItemPattern: what RE2 cannot run is refused, with the reason', () => {
  it.each([
    ['(?=a)a', PATTERN_MESSAGES.lookaround],
    ['a(?!b)', PATTERN_MESSAGES.lookaround],
    ['(?<=a)b', PATTERN_MESSAGES.lookaround],
    ['(?<!a)b', PATTERN_MESSAGES.lookaround],
    ['(a)\\1', PATTERN_MESSAGES.lookaround],
    ['(?<x>a)\\k<x>', PATTERN_MESSAGES.lookaround],
    ['(?i:a)', PATTERN_MESSAGES.inlineFlags],
    ['(', PATTERN_MESSAGES.invalid],
    ['a)|(b', PATTERN_MESSAGES.invalid],
    ['\\p{Foo}', PATTERN_MESSAGES.invalid],
    ['\\p{L}{100}', PATTERN_MESSAGES.tooLarge(25_000)],
    ['\\p{Lu}\\p{Ll}\\p{N}', PATTERN_MESSAGES.tooLarge(750)],
    ['.{0,151}', PATTERN_MESSAGES.tooLarge(604)],
    ['a{1000000}', PATTERN_MESSAGES.tooLarge(1_000_000)],
    ['(?:){2000}', PATTERN_MESSAGES.unsupported('invalid repetition size: {2000}')],
    ['\\p{ASCII}', PATTERN_MESSAGES.unsupported('invalid character class range: \\p{ASCII}')],
  ])('%s', (pattern, message) => {
    const result = compileItemPattern(pattern);
    expect(isPatternRefusal(result) ? result.message : 'compiled').toBe(message);
  });

  it('weighs up to PATTERN_SIZE_MAX', () => {
    expect(isPatternRefusal(compileItemPattern(`.{${PATTERN_SIZE_MAX / 4}}`))).toBe(false);
    expect(isPatternRefusal(compileItemPattern(`.{${PATTERN_SIZE_MAX / 4 + 1}}`))).toBe(true);
  });
});

describe('parseItemDefinition: patterns RE2 cannot run', () => {
  const base = { key: 'k', label: 'L', type: 'longtext' };

  it.each([
    ['(?=.*\\d).{8,}', PATTERN_MESSAGES.lookaround],
    ['(\\w)\\1', PATTERN_MESSAGES.lookaround],
    ['(?<!x)y', PATTERN_MESSAGES.lookaround],
  ])('%s is refused at creation, naming the field', (pattern, message) => {
    expect(parseItemDefinitions([base, { ...base, key: 'k2', pattern }]).details).toEqual([
      { path: 'items[1].pattern', message },
    ]);
  });

  it('accepts the catastrophic-for-backtracking ^(a+)+$: RE2 runs it in linear time', () => {
    expect(parseItemDefinition({ ...base, pattern: '^(a+)+$' }, 'items[0]').definition?.pattern).toBe('^(a+)+$');
  });
});

describe('validateItemValue: a stored pattern RE2 cannot run', () => {
  // Stored before patterns were checked for RE2: never run on a backtracking engine, never skipped.
  const stored: ItemDefinition = {
    key: 'password',
    type: 'secret',
    label: 'Password',
    help: null,
    required: true,
    assignee: 'client',
    constraints: {},
    schema: null,
    options: null,
    pattern: '(?=.*\\d)(?=.*[a-z]).{8,}',
    proposed: null,
  };

  it('refuses every value with a message the owner can act on', () => {
    expect(validateItemValue(stored, 'abcdefgh1')).toEqual([{ path: 'value', message: UNCHECKABLE_PATTERN_MESSAGE }]);
    expect(validateItemValue(stored, 'x')).toEqual([{ path: 'value', message: UNCHECKABLE_PATTERN_MESSAGE }]);
  });

  it('makes any change to the item name the pattern, so the owner fixes it there', () => {
    expect(parseItemDefinition({ ...stored, label: 'New label' }, 'item').details).toEqual([
      { path: 'item.pattern', message: PATTERN_MESSAGES.lookaround },
    ]);
  });
});
