import fc from 'fast-check';
import { type Parameter } from './document';
import { FixtureRef, type GenerationContext, valueArbitrary, type Value } from './schema-arbitrary';

/**
 * Path, query and header values: valid ones from the parameters' schemas (path parameters from
 * the fixtures) and mangled ones. Path and query text is kept percent-encoded as it goes on the
 * wire, so that a raw `%00` or a lone `%` reaches the server as written.
 */

export type WireValue = string | FixtureRef;

/** Path segments that are not ids: traversal, encodings, injection, sizes. */
const MANGLED_SEGMENTS = [
  '..',
  '.',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  'a%2Fb',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%C0%AE',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '%E2%80%AE',
  '%E2%80%8B',
  'x'.repeat(5000),
  "'%20OR%201%3D1--",
  '%22%3B%20DROP%20TABLE%20intakes%3B--',
  '.*',
  '(a%2B)%2B%24',
  '%5B',
  '%5C',
  '-1',
  '0',
  '1e3',
  'NaN',
  'null',
  'undefined',
  '__proto__',
  'in_AAAAAAAAAAAAAAAAAAAAAA',
  'fld_AAAAAAAAAAAAAAAAAAAAAA',
];

/** Query values that are not what a parameter takes. */
const MANGLED_QUERY = [
  '-1',
  '0',
  '1.5',
  'abc',
  '1e3',
  '0x10',
  'NaN',
  'Infinity',
  '-Infinity',
  '99999999999999999999',
  '',
  '%20',
  '%00',
  '%',
  'x'.repeat(5000),
  "'%20OR%201%3D1--",
  '.*',
  '%5B',
  '(a%2B)%2B%24',
  '%5C',
  'true',
  '%5B%5D',
  '%7B%7D',
  '%E2%80%AE',
];

const encode = (value: Value): string =>
  encodeURIComponent(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** A path parameter: the fixture it names (now and then mangled), or mangled text. */
export function pathValue(fixture: string | undefined, parameter: Parameter, context: GenerationContext) {
  const valid: fc.Arbitrary<WireValue> = fixture
    ? fc.nat({ max: 7 }).map((pick) => new FixtureRef(fixture, pick))
    : valueArbitrary(context, parameter.schema).map(encode);
  const mangledFixture: fc.Arbitrary<WireValue>[] = fixture
    ? [
        fc
          .tuple(
            fc.nat({ max: 7 }),
            fc.constantFrom(['', '%00'], ['', '%20'], ['%2e%2e%2F', ''], ['', '%2F..'], ['', 'x'], ['%20', '']),
          )
          .map(([pick, [prefix, suffix]]) => new FixtureRef(fixture, pick, prefix, suffix)),
      ]
    : [];
  const mangled: fc.Arbitrary<WireValue> = fc.oneof(
    fc.constantFrom(...MANGLED_SEGMENTS),
    fc.string({ minLength: 1, maxLength: 30, unit: 'binary' }).map(encodeURIComponent),
    ...mangledFixture,
  );
  return { valid, mangled };
}

export type QueryPair = [string, WireValue];

/** Valid query pairs: each optional parameter present or not, values from its schema. */
export function validQuery(parameters: Parameter[], context: GenerationContext): fc.Arbitrary<QueryPair[]> {
  return fc
    .tuple(
      ...parameters.map((p) => {
        const value = context.fixtureNames.has(`?${p.name}`)
          ? fc.nat({ max: 7 }).map((pick) => new FixtureRef(`?${p.name}`, pick))
          : valueArbitrary(context, p.schema).map(encode);
        const pair = value.map((v): QueryPair[] => [[p.name, v]]);
        return p.required ? pair : fc.oneof(fc.constant([] as QueryPair[]), pair);
      }),
    )
    .map((pairs) => pairs.flat());
}

/** Valid pairs with one parameter mangled, repeated, or an unknown one added. */
export function mangledQuery(parameters: Parameter[], context: GenerationContext): fc.Arbitrary<QueryPair[]> {
  const names = parameters.map((p) => p.name);
  const target = names.length ? fc.constantFrom(...names) : fc.constant('fuzz');
  return fc
    .tuple(validQuery(parameters, context), target, fc.constantFrom(...MANGLED_QUERY), fc.nat(3))
    .map(([pairs, name, value, how]): QueryPair[] => {
      const others = pairs.filter(([n]) => n !== name);
      switch (how) {
        case 0:
          return [...others, [name, value]];
        case 1:
          return [...pairs, [name, value], [name, '1']];
        case 2:
          return [...pairs, ['fuzz_unknown', value]];
        default:
          return [...others, [`${name}%5B%5D`, value], ['__proto__%5Bx%5D', '1']];
      }
    });
}

/** Documented header parameters (the CSRF header is the session's business). */
export function headerValues(parameters: Parameter[], context: GenerationContext, mangle: boolean) {
  const headers = parameters.filter((p) => p.in === 'header' && p.name.toLowerCase() !== 'x-csrf-token');
  return fc
    .tuple(
      ...headers.map((p) => {
        const valid = valueArbitrary(context, p.schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
        const printable = fc.oneof(
          fc.uuid(),
          valid.filter((v) => /^[\x20-\x7e]*$/.test(v)),
        );
        const bad = fc.constantFrom('x'.repeat(256), 'y'.repeat(5000), ' ', "' OR 1=1 --", '../..');
        const value = mangle ? fc.oneof(printable, bad) : printable;
        return fc.option(value.map((v) => [p.name, v] as const));
      }),
    )
    .map((pairs) => Object.fromEntries(pairs.filter((p) => p !== null)) as Record<string, string>);
}
