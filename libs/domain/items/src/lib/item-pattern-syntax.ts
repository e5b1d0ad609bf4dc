/**
 * Rewrites an owner's `pattern` (JavaScript syntax, `u` flag, as an HTML `pattern` attribute reads it)
 * into RE2 syntax with the same meaning, and weighs it, without running it. Patterns are matched by
 * RE2 (item-pattern.ts), which runs in time linear in the value; this file is why its answers agree
 * with the browser's: where the two languages differ (`.`, `\s`, `\u`, named groups, `[^]`), the
 * JavaScript meaning is spelled out explicitly.
 *
 * The input has already compiled as a JavaScript `u` regular expression, so this reader can be lenient
 * about what `u` mode refuses anyway (a lone `]` or `{`, an identity escape of a letter).
 */

/** Why a pattern is refused; `message` is the detail an owner reads (it never quotes the pattern). */
export interface PatternRefusal {
  reason: 'invalid' | 'lookaround' | 'inline_flags' | 'too_large' | 'unsupported';
  message: string;
}

export interface TranslatedPattern {
  /** The pattern in RE2 syntax, anchored for a whole-value match. */
  source: string;
  /** The weight that PATTERN_SIZE_MAX bounds (see patternSize below). */
  size: number;
}

/**
 * The most a pattern may weigh. RE2 runs in time linear in the value, but the factor is the size of
 * its compiled program, and its WebAssembly build has a fixed 16 MB heap that large programs exhaust
 * (an exhausted heap aborts the engine). Weights follow measured program memory, ~1 KB a unit: a
 * character or an ASCII range 1, `.` / `\s` / a negated class 4, a Unicode property 250 (`[\p{L} -]+`
 * holds ~250 KB once run), all multiplied by counted repetition ({n,m} is m copies). So a pattern may
 * use two \p{…} classes, or `.{150}`; compiling one takes at most ~0.2 s, and running one answers a
 * 100,000-character value within ~0.1 s (docs/benchmarks.md). `\p{L}{100}` alone aborts the engine.
 */
export const PATTERN_SIZE_MAX = 600;

const WEIGHT = { char: 1, wide: 4, property: 250 } as const;

export const PATTERN_MESSAGES = {
  invalid: 'is not a valid regular expression',
  lookaround: 'uses look-around or back-references, which are not supported',
  inlineFlags: 'uses inline flags such as (?i:…), which are not supported',
  tooLarge: (size: number) =>
    `is too large for the pattern engine (weight ${size}, at most ${PATTERN_SIZE_MAX}): repeat less with {n,m}` +
    ' or fewer \\p{…} classes, and limit the length with constraints.max_chars',
  /** RE2's own reason, e.g. "invalid character class range: \p{ASCII}" for a property it lacks. */
  unsupported: (reason: string) => `is not supported by the pattern engine (${reason})`,
} as const;

/** JavaScript's `\s` (WhiteSpace and LineTerminator); RE2's `\s` is only [\t\n\f\r ]. */
const JS_SPACE = '\\t\\n\\x{b}\\f\\r \\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}';
/** Its complement, for `\S` inside a class (RE2 would read `\S` with its own, narrower `\s`). */
const JS_NON_SPACE =
  '\\x{0}-\\x{8}\\x{e}-\\x{1f}\\x{21}-\\x{9f}\\x{a1}-\\x{167f}\\x{1681}-\\x{1fff}\\x{200b}-\\x{2027}' +
  '\\x{202a}-\\x{202e}\\x{2030}-\\x{205e}\\x{2060}-\\x{2fff}\\x{3001}-\\x{fefe}\\x{ff00}-\\x{10ffff}';
/** JavaScript's `.` without the `s` flag: anything but a line terminator (RE2's `.` excludes only \n). */
const JS_DOT = '[^\\n\\r\\x{2028}\\x{2029}]';

class Refused extends Error {
  constructor(readonly refusal: PatternRefusal) {
    super(refusal.message);
  }
}

const hex = (codePoint: number) => `\\x{${codePoint.toString(16)}}`;
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** A literal code point as RE2 reads it: ASCII punctuation escaped, control characters by number. */
function literal(codePoint: number): string {
  if (codePoint < 0x20 || codePoint === 0x7f) return hex(codePoint);
  const c = String.fromCodePoint(codePoint);
  return /^[!-/:-@[-`{-~]$/.test(c) ? `\\${c}` : c;
}

/** One class member: its RE2 spelling, its weight, and its code point when it can bound a range. */
interface ClassAtom {
  text: string;
  weight: number;
  codePoint?: number;
}

class Reader {
  private i = 0;
  private readonly chars: string[];

  constructor(pattern: string) {
    // By code point: with the `u` flag a surrogate pair is one character.
    this.chars = Array.from(pattern);
  }

  translate(): TranslatedPattern {
    const { text, size } = this.alternation();
    return { source: `^(?:${text})$`, size };
  }

  private peek(offset = 0): string | undefined {
    return this.chars[this.i + offset];
  }

  private next(): string {
    const c = this.chars[this.i++];
    if (c === undefined) throw new RangeError('pattern ended early');
    return c;
  }

  private alternation(): { text: string; size: number } {
    const branches: string[] = [];
    let size = 0;
    for (;;) {
      const branch = this.sequence();
      branches.push(branch.text);
      size += branch.size;
      if (this.peek() !== '|') return { text: branches.join('|'), size };
      this.i++;
    }
  }

  private sequence(): { text: string; size: number } {
    let text = '';
    let size = 0;
    while (this.peek() !== undefined && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      const quantified = this.quantifier(atom);
      text += quantified.text;
      size += quantified.size;
    }
    return { text, size };
  }

  private quantifier(atom: { text: string; size: number }): { text: string; size: number } {
    const c = this.peek();
    let text = atom.text;
    let size = atom.size;
    if (c === '*' || c === '+' || c === '?') {
      this.i++;
      text += c;
    } else if (c === '{' && isDigit(this.peek(1))) {
      let spec = '';
      this.i++;
      while (this.peek() !== '}') spec += this.next();
      this.i++;
      const [min, max] = spec.split(',');
      // RE2 writes {n,m} out as m copies and {n,} as n copies and a loop; a huge count is refused by
      // the size budget, not by RE2's own limit of 1,000, so the owner reads one clear reason.
      const copies = max === undefined ? Number(min) : max === '' ? Number(min) + 1 : Number(max);
      size = atom.size * Math.max(copies, 1);
      text += `{${spec}}`;
    } else return atom;
    if (this.peek() === '?') {
      this.i++;
      text += '?';
    }
    return { text, size };
  }

  private atom(): { text: string; size: number } {
    const c = this.next();
    switch (c) {
      case '^':
      case '$':
        return { text: c, size: 0 };
      case '.':
        return { text: JS_DOT, size: WEIGHT.wide };
      case '(':
        return this.group();
      case '[':
        return this.characterClass();
      case '\\':
        return this.escape();
      default:
        return { text: literal(c.codePointAt(0) as number), size: WEIGHT.char };
    }
  }

  private group(): { text: string; size: number } {
    if (this.peek() === '?') {
      const kind = this.peek(1);
      const after = this.peek(2);
      if (kind === '=' || kind === '!' || (kind === '<' && (after === '=' || after === '!'))) {
        throw new Refused({ reason: 'lookaround', message: PATTERN_MESSAGES.lookaround });
      }
      if (kind === '<') {
        // A named group: the name only matters to a back-reference, which is refused.
        while (this.next() !== '>');
      } else if (kind === ':') this.i += 2;
      else throw new Refused({ reason: 'inline_flags', message: PATTERN_MESSAGES.inlineFlags });
    }
    // Every group becomes non-capturing: only "does it match" is asked, and captures cost time.
    const inner = this.alternation();
    this.next(); // ')'
    return { text: `(?:${inner.text})`, size: inner.size };
  }

  private characterClass(): { text: string; size: number } {
    const negated = this.peek() === '^';
    if (negated) this.i++;
    let members = '';
    let size = 0;
    while (this.peek() !== ']') {
      const from = this.classAtom();
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined && from.codePoint !== undefined) {
        this.i++;
        const to = this.classAtom();
        members += `${from.text}-${to.text}`;
        size += WEIGHT.char;
      } else {
        members += from.text;
        size += from.weight;
      }
    }
    this.i++;
    // RE2 has no empty class: JavaScript's [] matches nothing and [^] anything.
    if (members === '') return { text: negated ? '[\\x{0}-\\x{10ffff}]' : '[^\\x{0}-\\x{10ffff}]', size: WEIGHT.wide };
    return { text: `[${negated ? '^' : ''}${members}]`, size: size + (negated ? WEIGHT.wide : WEIGHT.char) };
  }

  private classAtom(): ClassAtom {
    const c = this.next();
    if (c !== '\\') {
      const codePoint = c.codePointAt(0) as number;
      return { text: literal(codePoint), weight: WEIGHT.char, codePoint };
    }
    const e = this.peek();
    // In a class \b is a backspace and \- a hyphen; the class escapes keep their meaning.
    if (e === 'b') {
      this.i++;
      return { text: hex(8), weight: WEIGHT.char, codePoint: 8 };
    }
    if (e === 's' || e === 'S') {
      this.i++;
      return { text: e === 's' ? JS_SPACE : JS_NON_SPACE, weight: WEIGHT.wide };
    }
    const atom = this.escape();
    const codePoint = this.lastCodePoint;
    this.lastCodePoint = undefined;
    return { text: atom.text, weight: atom.size, ...(codePoint === undefined ? {} : { codePoint }) };
  }

  /** The code point of the escape just read, when it stood for one character. */
  private lastCodePoint: number | undefined;

  private single(codePoint: number): { text: string; size: number } {
    this.lastCodePoint = codePoint;
    return { text: hex(codePoint), size: WEIGHT.char };
  }

  private escape(): { text: string; size: number } {
    const e = this.next();
    switch (e) {
      case 'd':
      case 'w':
      case 'D':
      case 'W':
        // ASCII in both languages (without the `i` flag, which an item pattern never has).
        return { text: `\\${e}`, size: e === 'd' || e === 'w' ? WEIGHT.char : WEIGHT.wide };
      case 's':
        return { text: `[${JS_SPACE}]`, size: WEIGHT.wide };
      case 'S':
        return { text: `[^${JS_SPACE}]`, size: WEIGHT.wide };
      case 'b':
      case 'B':
        return { text: `\\${e}`, size: 0 };
      case 'p':
      case 'P':
        return { text: `\\${e}{${this.propertyName()}}`, size: WEIGHT.property };
      case 'k':
        throw new Refused({ reason: 'lookaround', message: PATTERN_MESSAGES.lookaround });
      case 'n':
        return this.single(0x0a);
      case 'r':
        return this.single(0x0d);
      case 't':
        return this.single(0x09);
      case 'f':
        return this.single(0x0c);
      case 'v':
        return this.single(0x0b);
      case '0':
        return this.single(0);
      case 'c':
        return this.single(this.next().toUpperCase().charCodeAt(0) % 32);
      case 'x':
        return this.single(parseInt(this.next() + this.next(), 16));
      case 'u':
        return this.single(this.unicodeEscape());
      default:
        if (isDigit(e)) throw new Refused({ reason: 'lookaround', message: PATTERN_MESSAGES.lookaround });
        return this.single(e.codePointAt(0) as number);
    }
  }

  private unicodeEscape(): number {
    if (this.peek() === '{') {
      this.i++;
      let digits = '';
      while (this.peek() !== '}') digits += this.next();
      this.i++;
      return parseInt(digits, 16);
    }
    const unit = parseInt(this.chars.slice(this.i, this.i + 4).join(''), 16);
    this.i += 4;
    // With the `u` flag, \uD83D\uDE00 is one character: the pair, not two halves.
    if (unit >= 0xd800 && unit <= 0xdbff && this.peek() === '\\' && this.peek(1) === 'u') {
      const low = parseInt(this.chars.slice(this.i + 2, this.i + 6).join(''), 16);
      if (low >= 0xdc00 && low <= 0xdfff) {
        this.i += 6;
        return (unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
      }
    }
    return unit;
  }

  /** `\p{…}` as RE2 names it: `Script=Greek` is `Greek`, `General_Category=Lu` is `Lu`. */
  private propertyName(): string {
    this.next(); // '{'
    let name = '';
    while (this.peek() !== '}') name += this.next();
    this.i++;
    const [key, value] = name.split('=');
    if (value !== undefined && ['General_Category', 'gc', 'Script', 'sc'].includes(key as string)) return value;
    // Anything else (Script_Extensions, binary properties) is passed on; RE2 refuses what it lacks.
    return name;
  }
}

/**
 * The RE2 form of a JavaScript pattern that already compiles with the `u` flag, or why it cannot be
 * run in linear time (look-around, back-references, inline flags, or too large).
 */
export function translateItemPattern(pattern: string): TranslatedPattern | PatternRefusal {
  try {
    const translated = new Reader(pattern).translate();
    if (translated.size > PATTERN_SIZE_MAX) {
      return { reason: 'too_large', message: PATTERN_MESSAGES.tooLarge(translated.size) };
    }
    return translated;
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}
