import { isOpen, type Json, jsonType, type OpenApiDocument, resolve, type Schema, typesOf } from './document';
import { type Value } from './schema-arbitrary';

/**
 * Ways to break a body the document describes: per field (missing, null, of the wrong type, out
 * of range, at and past its length limits, huge, hostile text, unknown neighbours) and as text
 * (malformed JSON, duplicate keys, odd content types, nothing at all).
 */

export type PathStep = string | number;

/** One place in a body schema where a value can be broken. */
interface SchemaSite {
  path: PathStep[];
  schema: Schema;
  required: boolean;
}

/** A broken value at a place, described for the report. */
export interface Mutation {
  label: string;
  path: PathStep[];
  /** `undefined` removes the field. */
  value: Value | undefined;
  /** The mutation keeps the body within the schema (a value at its limit); Ajv confirms it. */
  meantValid: boolean;
}

export const ONE_MB = 1_000_000;
let hugeString: string | undefined;
/** One million characters, made once: the body stays under the api's 1 MiB limit. */
export const megabyte = () => (hugeString ??= 'x'.repeat(ONE_MB));

/** `depth` levels of `{"a": …}`. */
export function deepObject(depth: number): Json {
  let value: Json = {};
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

export function deepArray(depth: number): Json {
  let value: Json = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Text a server must store, refuse or echo without falling over. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil\u202C',
  '\u200F\u05E9\u05DC\u05D5\u05DD',
  '\u200B',
  '\u200B\u200C\u200D\uFEFF',
  '\u0007\u001B[31m',
  '\r\nX-Injected: 1',
  "' OR '1'='1' --",
  '"; DROP TABLE intakes; --',
  '%00',
  '../../etc/passwd',
  '.*+?^${}()|[]\\',
  '(a+)+$',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '😀'.repeat(3),
  'e\u0301\u0301\u0301',
  '   ',
  '\t\n',
  'null',
  'undefined',
  '__proto__',
];

const WRONG_TYPED: readonly Json[] = [0, -1, 1.5, true, false, 'text', '', [], {}, [1, 'a'], { a: 1 }];

function accepts(schema: Schema, value: Json): boolean {
  const types = typesOf(schema);
  if (types.length === 0 || schema.oneOf || schema.anyOf) return true;
  const type = jsonType(value);
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

/** Every place in the schema a mutation can aim at: the root, each property, an array's first element. */
export function schemaSites(document: OpenApiDocument, raw: Schema, path: PathStep[] = [], depth = 0): SchemaSite[] {
  const schema = resolve(document, raw);
  const sites: SchemaSite[] = path.length === 0 ? [{ path, schema, required: true }] : [];
  if (depth > 4) return sites;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const child = resolve(document, property);
    const childPath = [...path, name];
    sites.push({ path: childPath, schema: child, required: (schema.required ?? []).includes(name) });
    sites.push(...schemaSites(document, child, childPath, depth + 1).filter((s) => s.path.length > 0));
  }
  if (schema.items && typesOf(schema).includes('array')) {
    const items = resolve(document, schema.items);
    const childPath = [...path, 0];
    sites.push({ path: childPath, schema: items, required: false });
    if (!isOpen(items)) sites.push(...schemaSites(document, items, childPath, depth + 1).filter((s) => s.path.length));
  }
  return sites;
}

const pathLabel = (path: PathStep[]) =>
  path.length === 0
    ? 'the body'
    : path.map((step, i) => (typeof step === 'number' ? `[${step}]` : i ? `.${step}` : step)).join('');

/** The mutations that make sense at one place. */
function siteMutations(site: SchemaSite, sampleElement: Json | undefined): Mutation[] {
  const { path, schema } = site;
  const at = pathLabel(path);
  const out: Mutation[] = [];
  const add = (label: string, value: Value | undefined, meantValid = false) =>
    out.push({ label: `${label} at ${at}`, path, value, meantValid });
  const types = typesOf(schema);
  if (path.length > 0) add(site.required ? 'required field missing' : 'optional field missing', undefined, true);
  if (!types.includes('null')) add('null', null);
  for (const value of WRONG_TYPED) if (!accepts(schema, value)) add(`wrong type (${jsonType(value)})`, value);
  if (types.includes('integer') || types.includes('number')) {
    const low = schema.minimum ?? schema.exclusiveMinimum;
    const high = schema.maximum ?? schema.exclusiveMaximum;
    if (low !== undefined) add('below minimum', low - 1);
    if (high !== undefined) add('above maximum', high + 1);
    if (schema.minimum !== undefined) add('at minimum', schema.minimum, true);
    if (schema.maximum !== undefined) add('at maximum', schema.maximum, true);
    if (types.includes('integer')) add('fraction for an integer', (low ?? 0) + 1.5);
    for (const value of [-1, 1e21, -1e21, 2 ** 53 + 1, -0]) add(`out of range (${value})`, value);
    add('number as a string', String(low ?? 1));
  }
  if (types.includes('string')) {
    if (schema.enum?.length) {
      add('value outside the enum', 'not-one-of-them');
      add('enum value in capitals', String(schema.enum[0]).toUpperCase());
      add('enum value with a trailing space', `${String(schema.enum[0])} `);
    }
    if (schema.format) add(`not a ${schema.format}`, `not-a-${schema.format}`);
    if (schema.format === 'date') for (const d of ['2023-02-30', '2023-13-01', '20230101']) add('impossible date', d);
    if (schema.format === 'email') for (const e of ['a@', 'a b@c.test', '@c.test']) add('malformed e-mail', e);
    if (schema.maxLength !== undefined) {
      add('at maxLength', 'x'.repeat(schema.maxLength), true);
      add('at maxLength, astral characters', '😀'.repeat(schema.maxLength), true);
      add('past maxLength', 'x'.repeat(schema.maxLength + 1));
    }
    if (schema.minLength !== undefined) {
      add('at minLength', 'x'.repeat(schema.minLength), true);
      if (schema.minLength > 0) add('under minLength', 'x'.repeat(schema.minLength - 1));
    }
    add('1 MB string', megabyte());
    add('5,000 characters', 'y'.repeat(5000));
    for (const text of HOSTILE_STRINGS) add(`hostile text ${JSON.stringify(text)}`, text);
  }
  if (types.includes('array')) {
    const element = sampleElement ?? 'x';
    if (schema.minItems !== undefined && schema.minItems > 0)
      add('under minItems', Array<Json>(schema.minItems - 1).fill(element));
    if (schema.maxItems !== undefined) add('past maxItems', Array<Json>(schema.maxItems + 1).fill(element));
    add('10,000-element array', Array<Json>(10_000).fill(element));
    add('2,000-deep nested arrays', deepArray(2000));
  }
  if (types.includes('object') || types.length === 0) {
    add('2,000-deep nested objects', deepObject(2000));
  }
  return out;
}

/** Neighbours no schema names, at an object's place (`__proto__` and friends included). */
function unknownFieldMutations(site: SchemaSite): Mutation[] {
  if (!typesOf(site.schema).includes('object') || isOpen(site.schema)) return [];
  return ['fuzz_unknown', '__proto__', 'constructor', ''].map((name) => ({
    label: `unknown field ${JSON.stringify(name)} at ${pathLabel(site.path)}`,
    path: [...site.path, name],
    value: name === '__proto__' ? { polluted: true } : 'surprise',
    meantValid: false,
  }));
}

/** Every mutation of a body schema; `sample` supplies array elements. */
export function bodyMutations(document: OpenApiDocument, schema: Schema, sample: Json | undefined): Mutation[] {
  return schemaSites(document, schema).flatMap((site) => {
    const found = valueAt(sample, site.path.concat(0));
    return [...siteMutations(site, found ?? undefined), ...unknownFieldMutations(site)];
  });
}

function valueAt(value: Json | undefined, path: PathStep[]): Json | undefined {
  let node: Json | undefined = value;
  for (const step of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, Json>)[step as string];
  }
  return node;
}

/** The body with the mutation applied; containers along the path are copied, or made when missing. */
export function applyMutation(body: Value, mutation: Mutation): Value {
  if (mutation.path.length === 0) return mutation.value ?? null;
  const copy = (value: Value | undefined, next: PathStep): Record<PathStep, Value> => {
    if (Array.isArray(value)) return [...value] as unknown as Record<PathStep, Value>;
    if (isContainer(value)) return { ...value };
    return (typeof next === 'number' ? [] : {}) as Record<PathStep, Value>;
  };
  const root = copy(body, mutation.path[0] as PathStep);
  let node = root;
  mutation.path.forEach((step, i) => {
    if (i === mutation.path.length - 1) {
      if (mutation.value === undefined) delete node[step];
      // defineProperty: `__proto__` must become a field, not the prototype.
      else Object.defineProperty(node, step, { value: mutation.value, enumerable: true, writable: true });
      return;
    }
    node[step] = copy(node[step], mutation.path[i + 1] as PathStep);
    node = node[step] as Record<PathStep, Value>;
  });
  return root as Value;
}

const isContainer = (value: Value | undefined): value is Value[] | { [key: string]: Value } =>
  typeof value === 'object' &&
  value !== null &&
  (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype);
