import fc from 'fast-check';
import { sample } from 'openapi-sampler';
import { isOpen, type Json, type OpenApiDocument, resolve, type Schema, typesOf } from './document';

/**
 * A value the fuzzer fills in when it runs a request: one of the fixture values named `name` (a
 * live intake's id, one of its item keys…), chosen by `pick`. Generated bodies and parameters
 * hold these in place of values, so that shrinking and replays follow the fixtures of the moment.
 */
export class FixtureRef {
  constructor(
    readonly name: string,
    readonly pick: number,
    /** Text around the value, to mangle it (`../` before, `%00` after). */
    readonly prefix = '',
    readonly suffix = '',
  ) {}
  toJSON(): string {
    return `${this.prefix}<fixture ${this.name}#${this.pick}>${this.suffix}`;
  }
}

/** A generated value: JSON, possibly holding fixture references. */
export type Value = Json | FixtureRef | Value[] | { [key: string]: Value };

export interface GenerationContext {
  document: OpenApiDocument;
  /** Names of body fields and parameters the fixtures can fill (`folder_id`, `item_key`…). */
  fixtureNames: ReadonlySet<string>;
}

/**
 * openapi-sampler's sample of a schema (its examples, else a value of each field's type); with
 * `requiredOnly`, of its required fields alone.
 */
export function sampleOf(
  context: GenerationContext,
  schema: Schema | undefined,
  requiredOnly = false,
): Json | undefined {
  if (!schema) return undefined;
  try {
    const options = { skipReadOnly: true, skipNonRequired: requiredOnly, quiet: true };
    return sample(schema as never, options, context.document) as Json;
  } catch {
    return undefined;
  }
}

const MAX_DEPTH = 8;
/** Lengths of generated strings and arrays stay small unless the schema asks for more. */
const SOFT_MAX_STRING = 40;
const SOFT_MAX_ITEMS = 4;

export const fixtureRef = (name: string): fc.Arbitrary<Value> =>
  fc.nat({ max: 7 }).map((pick) => new FixtureRef(name, pick));

const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  email: () => fc.stringMatching(/^[a-z][a-z0-9]{0,11}(\.[a-z0-9]{1,8})?@[a-z]{2,12}\.(test|example|com|cz)$/),
  date: () =>
    fc
      .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  'date-time': () =>
    fc
      .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  uri: () => fc.webUrl(),
  url: () => fc.webUrl(),
  uuid: () => fc.uuid(),
};

function stringArbitrary(schema: Schema, example: Json | undefined): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? SOFT_MAX_STRING, minLength + SOFT_MAX_STRING));
  const fitsLength = (s: string) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity);
  const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
  const fits = (s: string) => fitsLength(s) && (!pattern || pattern.test(s));
  const seed = typeof example === 'string' && fits(example) ? [fc.constant(example)] : [];
  if (schema.format && schema.format !== 'binary') {
    const known = FORMATS[schema.format];
    // A format the fuzzer does not know (a time zone…) only has the document's example to offer.
    if (!known) return seed[0] ?? fc.constant(typeof example === 'string' ? example : '');
    return fc.oneof(...seed, known().filter(fits));
  }
  // Printable text; control characters, lone surrogates and the like are mutations (mutations.ts).
  const free = [fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' })];
  if (pattern) {
    const matching = fc.stringMatching(pattern).filter(fits);
    // Free text joins in only where the pattern lets most of it through (`\S`, not an E.164
    // number), or the filter would search for ever.
    const loose = free.filter((a) => fc.sample(a, { numRuns: 40, seed: 1 }).filter(fits).length >= 10);
    return fc.oneof(...seed, matching, ...loose.map((a) => a.filter(fits)));
  }
  return fc.oneof(...seed, ...free);
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-6) : schema.minimum;
  const high = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-6) : schema.maximum;
  const min = low ?? (high !== undefined ? high - 1_000_000 : -1_000_000);
  const max = high ?? min + 1_000_000;
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.oneof(
    fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
  );
}

/** Arbitrary JSON for values the document leaves open. */
const anyJson = (): fc.Arbitrary<Json> => fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;

/**
 * Objects of the schema's properties: the required ones always, each optional one now and then,
 * so that the rules between fields (which the document states in prose) are met often enough.
 */
function objectArbitrary(context: GenerationContext, schema: Schema, depth: number): fc.Arbitrary<Value> {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {})
    .filter(([, property]) => !resolve(context.document, property).readOnly)
    .map(([name, property]) => {
      const generated = valueArbitrary(context, property, depth + 1);
      const value = context.fixtureNames.has(name)
        ? fc.oneof({ weight: 3, arbitrary: fixtureRef(name) }, { weight: 1, arbitrary: generated })
        : generated;
      const entry = value.map((v): [string, Value] => [name, v]);
      const absent = fc.constant(undefined);
      // Cross-shrinking lets a failure shrink to the request without the optional fields it needs not.
      const optional = fc.oneof(
        { withCrossShrink: true },
        { weight: 2, arbitrary: absent },
        { weight: 1, arbitrary: entry },
      );
      return required.has(name) ? entry : optional;
    });
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter((pair) => pair !== undefined)) as Value);
}

/**
 * Values valid against `schema`, seeded with the document's sample of it: the sample itself,
 * or values drawn from the schema's types, bounds, enums, formats and patterns.
 */
export function valueArbitrary(context: GenerationContext, raw: Schema | undefined, depth = 0): fc.Arbitrary<Value> {
  const schema = resolve(context.document, raw);
  const seed = sampleOf(context, schema);
  const derived = derivedArbitrary(context, schema, seed, depth);
  if (seed === undefined) return derived;
  // The sample (the document's example), whole and with its required fields alone, is the
  // likeliest to pass a server's rules the document cannot express; open shapes lean on it most.
  const minimal = typesOf(schema).includes('object') ? sampleOf(context, schema, true) : undefined;
  const seeds = [fc.constant(seed), ...(minimal !== undefined ? [fc.constant(minimal)] : [])];
  const seedWeight = isOpen(schema) ? 4 : 1;
  return fc.oneof({ weight: seedWeight, arbitrary: fc.oneof(...seeds) }, { weight: 3, arbitrary: derived });
}

function derivedArbitrary(
  context: GenerationContext,
  schema: Schema,
  seed: Json | undefined,
  depth: number,
): fc.Arbitrary<Value> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valueArbitrary(context, s, depth + 1)));
  if (schema.allOf?.length) return valueArbitrary(context, schema.allOf[0], depth + 1);
  const types = typesOf(schema);
  if (types.length === 0) return seed !== undefined ? fc.oneof(fc.constant(seed), anyJson()) : anyJson();
  return fc.oneof(...types.map((type) => typedArbitrary(context, schema, type, seed, depth)));
}

function typedArbitrary(
  context: GenerationContext,
  schema: Schema,
  type: string,
  seed: Json | undefined,
  depth: number,
): fc.Arbitrary<Value> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'string':
      return stringArbitrary(schema, seed);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? SOFT_MAX_ITEMS, minLength + SOFT_MAX_ITEMS));
      const items = schema.items ? resolve(context.document, schema.items) : {};
      // Elements of an open item shape come from the sample's elements mostly.
      const sampled = Array.isArray(seed) && seed.length > 0 && isOpen(items) ? seed : undefined;
      const element =
        depth >= MAX_DEPTH
          ? fc.constant(null)
          : sampled
            ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...sampled) }, valueArbitrary(context, items, depth + 1))
            : valueArbitrary(context, items, depth + 1);
      return fc.array(element, { minLength, maxLength });
    }
    case 'object':
      if (depth >= MAX_DEPTH) return fc.constant({});
      if (isOpen(schema)) return seed !== undefined && typeof seed === 'object' ? fc.constant(seed) : anyJson();
      return objectArbitrary(context, schema, depth);
    default:
      return fc.constant(seed ?? null);
  }
}
