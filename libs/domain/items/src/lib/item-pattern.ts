// RE2's own binding, not the package's `RE2` class: that class also asks for the group names on every
// construction, and the map it gets back is never freed (the build predates the finalisers Node has),
// so each new pattern would leak a little of a heap that cannot grow. The binding is the engine alone.
import { WrappedRE2 } from 're2-wasm/build/wasm/re2';
import { PATTERN_MESSAGES, type PatternRefusal, translateItemPattern } from './item-pattern-syntax';

export { PATTERN_SIZE_MAX, type PatternRefusal } from './item-pattern-syntax';

/** An owner's pattern, ready to test whole values against in time linear in their length. */
export interface ItemPattern {
  test(value: string): boolean;
}

/** How many compiled patterns stay in memory; the least recently used one is freed beyond that. */
export const PATTERN_CACHE_SIZE = 64;
/**
 * And how much they may weigh together (PATTERN_SIZE_MAX units each at most, ~1 KB a unit once run):
 * about 6 MB of RE2's fixed 16 MB heap, leaving room for values being matched. Twenty patterns with
 * two \p{L} each, all cached, exhausted the heap before this bound.
 */
export const PATTERN_CACHE_WEIGHT_MAX = 10 * 600;
/** Even an empty program costs memory. */
const WEIGHT_MIN = 16;

/** The binding's typings omit `delete`, which every Embind object has. */
type Engine = WrappedRE2 & { delete(): void };

const cache = new Map<string, { engine: Engine; weight: number }>();
let cachedWeight = 0;

/** A fixed expression of our own (not an owner's), linear on any input. */
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * An item's `pattern`, read the way an HTML `pattern` attribute reads it (whole-value match, `u` flag,
 * JavaScript syntax), and run by RE2, whose time is linear in the value: `^(a+)+$` against 10,000 "a"
 * and a "!" answers in milliseconds, where a backtracking engine takes longer than the universe's age.
 * Returns why not when the pattern is not valid JavaScript or cannot be run in linear time
 * (look-around, back-references, inline flags, too large): parseItemDefinition refuses such a pattern
 * at creation, and validateItemValue refuses any value for a stored one (ADR 0012).
 */
export function compileItemPattern(pattern: string): ItemPattern | PatternRefusal {
  const compiled = compileCached(pattern);
  if ('reason' in compiled) return compiled;
  return {
    test: (value) => {
      // Looked up again, not the program compiled above: a later compile may have evicted and freed
      // it, and a freed program must never run (a cache hit costs a Map look-up).
      const engine = compileCached(pattern) as Engine;
      // A lone surrogate becomes U+FFFD (as the API already stores it) rather than bytes that are not
      // UTF-8, which RE2 would read differently from a JavaScript engine.
      return engine.match(value.replace(LONE_SURROGATES, '\uFFFD'), 0, false).index >= 0;
    },
  };
}

/** Whether `value` is a refusal rather than a compiled pattern. */
export function isPatternRefusal(value: ItemPattern | PatternRefusal): value is PatternRefusal {
  return 'reason' in value;
}

function compileCached(pattern: string): Engine | PatternRefusal {
  const hit = cache.get(pattern);
  if (hit) {
    // Re-inserted, so the Map's insertion order is least recently used first.
    cache.delete(pattern);
    cache.set(pattern, hit);
    return hit.engine;
  }
  const compiled = compile(pattern);
  if ('reason' in compiled) return compiled;
  cache.set(pattern, compiled);
  cachedWeight += compiled.weight;
  while (cache.size > PATTERN_CACHE_SIZE || (cachedWeight > PATTERN_CACHE_WEIGHT_MAX && cache.size > 1)) {
    const [oldest, entry] = cache.entries().next().value as [string, { engine: Engine; weight: number }];
    cache.delete(oldest);
    cachedWeight -= entry.weight;
    // Embind objects are freed by hand: nothing else returns an evicted program's memory.
    entry.engine.delete();
  }
  return compiled.engine;
}

function compile(pattern: string): { engine: Engine; weight: number } | PatternRefusal {
  try {
    // Compiled only, never run: this is what decides "valid JavaScript", as the browser would.
    new RegExp(pattern, 'u');
  } catch {
    return { reason: 'invalid', message: PATTERN_MESSAGES.invalid };
  }
  const translated = translateItemPattern(pattern);
  if ('reason' in translated) return translated;
  const engine = new WrappedRE2(translated.source, false, false, false) as Engine;
  if (engine.ok()) return { engine, weight: Math.max(translated.size, WEIGHT_MIN) };
  const reason = engine.error();
  engine.delete();
  return { reason: 'unsupported', message: PATTERN_MESSAGES.unsupported(reason) };
}

/** How many compiled patterns are held, and their weight (tests check the cache stays bounded). */
export function cachedPatterns(): { count: number; weight: number } {
  return { count: cache.size, weight: cachedWeight };
}
