import openapi from '@intake/sdk-openapi';
import { z } from 'zod';
import type { RestBinding } from './rest-binding';

/**
 * A tool's input schema, derived from the REST operation it calls as the api's OpenAPI document
 * describes it (libs/sdk/openapi.json, kept equal to what the api serves by tools/sdk/generate.spec.ts;
 * docs/adr/0020): the types, enums, bounds, required-ness and nullability of each argument are the
 * operation's, so the tools hold no second copy of the api's schemas. The document is bundled with
 * the code (a JSON import), so the api, its image and the stdio executable derive the same schemas.
 */

/** The part of an OpenAPI 3.1 schema object read here. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  [keyword: string]: unknown;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Partial<Record<RestBinding['method'], OpenApiOperation>>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** The api's OpenAPI document, as committed in libs/sdk (inlined by the bundler). */
export const OPENAPI_DOCUMENT = openapi as unknown as OpenApiDocument;

/** The keywords the derived zod schema enforces (and hands on to the model as JSON Schema). */
const CONVERTED = new Set([
  ...['$ref', 'type', 'enum', 'const', 'oneOf', 'anyOf', 'items', 'properties', 'required', 'additionalProperties'],
  ...['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'],
]);

/**
 * The keywords left to the api. `pattern`, `format` and `uniqueItems`: the api checks them and its
 * 422 names the field and the fix, which a tool error passes on (zod's own e-mail format, for one,
 * is not the api's); `default`: the api applies its defaults, and one filled in here would be sent
 * as if the model had chosen it; `description`, `example`: words for REST callers (the tools have
 * their own for the model). Any other keyword fails the derivation, so a construct the document
 * starts to use is converted on purpose or not at all.
 */
export const LEFT_TO_THE_API = new Set(['pattern', 'format', 'uniqueItems', 'default', 'description', 'example']);

/** Where a schema sits (`client.also_notify[].email`), for descriptions and error messages. */
type Words = (path: string) => string | undefined;

export class DerivationError extends Error {
  override readonly name = 'DerivationError';
}

/** A schema with its `$ref` (to a component of the document) followed. */
export function resolveSchema(schema: JsonSchema, document: OpenApiDocument = OPENAPI_DOCUMENT): JsonSchema {
  if (schema.$ref === undefined) return schema;
  const name = /^#\/components\/schemas\/([^/]+)$/.exec(schema.$ref)?.[1];
  const target = name === undefined ? undefined : document.components.schemas[name];
  if (target === undefined) throw new DerivationError(`unresolvable $ref ${schema.$ref}`);
  return resolveSchema(target, document);
}

const isNull = (schema: JsonSchema) => schema.type === 'null';

/**
 * The zod schema of a JSON Schema of the document, for the keywords in CONVERTED. An object without
 * `additionalProperties: true` drops unknown properties, as z.object does (the api would refuse
 * them); a property not required is optional; `null` among the types or the alternatives is nullable.
 */
export function zodOfSchema(
  schema: JsonSchema,
  path: string,
  words: Words = () => undefined,
  document: OpenApiDocument = OPENAPI_DOCUMENT,
): z.ZodType {
  const resolved = resolveSchema(schema, document);
  for (const keyword of Object.keys(resolved)) {
    if (!CONVERTED.has(keyword) && !LEFT_TO_THE_API.has(keyword))
      throw new DerivationError(`${path}: the keyword ${keyword} is not converted`);
  }
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives) {
    const others = alternatives.filter((alternative) => !isNull(alternative));
    const members = others.map((alternative) => zodOfSchema(alternative, path, words, document));
    const [first, second, ...rest] = members;
    if (first === undefined) throw new DerivationError(`${path}: no alternative but null`);
    const union = second === undefined ? first : z.union([first, second, ...rest]);
    return others.length < alternatives.length ? union.nullable() : union;
  }
  const types = [resolved.type ?? []].flat();
  const nullable = types.includes('null');
  const [type, ...more] = types.filter((each) => each !== 'null');
  if (type === undefined || more.length > 0)
    throw new DerivationError(`${path}: one type (and perhaps null) expected, got ${JSON.stringify(resolved.type)}`);
  const converted = zodOfType(type, resolved, path, words, document);
  return nullable ? converted.nullable() : converted;
}

function zodOfType(type: string, schema: JsonSchema, path: string, words: Words, document: OpenApiDocument) {
  if (schema.const !== undefined) return z.literal(schema.const as string | number | boolean);
  if (schema.enum !== undefined) {
    const values = schema.enum.filter((value) => value !== null);
    if (!values.every((value) => typeof value === 'string') || values.length === 0)
      throw new DerivationError(`${path}: only an enum of strings is converted`);
    return z.enum(values as [string, ...string[]]);
  }
  switch (type) {
    case 'string': {
      let string = z.string();
      if (schema.minLength !== undefined) string = string.min(schema.minLength);
      if (schema.maxLength !== undefined) string = string.max(schema.maxLength);
      return string;
    }
    case 'integer':
    case 'number': {
      let number = type === 'integer' ? z.number().int() : z.number();
      if (schema.minimum !== undefined) number = number.min(schema.minimum);
      if (schema.maximum !== undefined) number = number.max(schema.maximum);
      return number;
    }
    case 'boolean':
      return z.boolean();
    case 'array': {
      if (schema.items === undefined) throw new DerivationError(`${path}: an array without items`);
      let array = z.array(described(zodOfSchema(schema.items, `${path}[]`, words, document), words(`${path}[]`)));
      if (schema.minItems !== undefined) array = array.min(schema.minItems);
      if (schema.maxItems !== undefined) array = array.max(schema.maxItems);
      return array;
    }
    case 'object': {
      const required = new Set(schema.required ?? []);
      const shape = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => {
          const at = `${path}.${name}`;
          const converted = zodOfSchema(property, at, words, document);
          return [name, described(required.has(name) ? converted : converted.optional(), words(at))];
        }),
      );
      if (schema.additionalProperties === true) return z.looseObject(shape);
      if (schema.additionalProperties === undefined || schema.additionalProperties === false)
        return schema.additionalProperties === false ? z.strictObject(shape) : z.object(shape);
      throw new DerivationError(`${path}: only additionalProperties true or false is converted`);
    }
    default:
      throw new DerivationError(`${path}: the type ${type} is not converted`);
  }
}

const described = (schema: z.ZodType, words: string | undefined) =>
  words === undefined ? schema : schema.describe(words);

/** What a tool says of its arguments: where each goes (its REST binding) and the words for the model. */
export interface InputSpec {
  name: string;
  rest: RestBinding;
  /** Words for the model per argument, and per nested property (`client.email`, `items[]`). */
  argumentDescriptions: Readonly<Record<string, string>>;
  /** The arguments that are no parameter of the operation (rest.translated): their own schemas. */
  handWritten?: Readonly<Record<string, z.ZodType | undefined>>;
}

/** The operation a binding calls. */
export function operationOf(rest: RestBinding, document: OpenApiDocument = OPENAPI_DOCUMENT): OpenApiOperation {
  const operation = document.paths[rest.path]?.[rest.method];
  if (operation === undefined) throw new DerivationError(`no operation ${rest.method.toUpperCase()} ${rest.path}`);
  return operation;
}

/** The JSON request body's object schema of an operation, `$ref` followed; undefined without a body. */
export function requestBodyOf(operation: OpenApiOperation, document: OpenApiDocument = OPENAPI_DOCUMENT) {
  const body = operation.requestBody?.content['application/json']?.schema;
  return body === undefined ? undefined : resolveSchema(body, document);
}

/**
 * The tool's input shape: each path parameter, query parameter and body property it binds, as the
 * operation describes it (a path parameter required and never empty, a query parameter or body
 * property required as the document says, optional otherwise), then its hand-written arguments;
 * each with the tool's words. An argument the operation does not have fails here, at module load.
 */
export function deriveInput(spec: InputSpec, document: OpenApiDocument = OPENAPI_DOCUMENT): z.ZodRawShape {
  const fail = (message: string): never => {
    throw new DerivationError(
      `the ${spec.name} tool (${spec.rest.method.toUpperCase()} ${spec.rest.path}): ${message}`,
    );
  };
  const { rest } = spec;
  const operation = operationOf(rest, document);
  const words = (path: string) => spec.argumentDescriptions[path];
  const parameter = (where: 'path' | 'query', name: string) =>
    operation.parameters?.find((each) => each.in === where && each.name === name) ??
    fail(`no ${where} parameter ${name}`);
  const convert = (schema: JsonSchema, argument: string) => {
    try {
      return zodOfSchema(schema, argument, words, document);
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error));
    }
  };
  const body = requestBodyOf(operation, document);
  const shape: Record<string, z.ZodType> = {};

  for (const [argument, name] of Object.entries(rest.pathParams ?? {})) {
    const documented = parameter('path', name);
    const converted = convert(documented.schema, argument);
    // An empty path segment would name another route (`/v1/intakes//status`): a rule of URLs, not a schema.
    shape[argument] =
      converted instanceof z.ZodString && documented.schema.minLength === undefined ? converted.min(1) : converted;
  }
  for (const name of rest.query ?? []) {
    const documented = parameter('query', name);
    const converted = convert(documented.schema, name);
    shape[name] = documented.required === true ? converted : converted.optional();
  }
  for (const name of rest.body ?? []) {
    const property = body?.properties?.[name] ?? fail(`no request body property ${name}`);
    const converted = convert(property, name);
    shape[name] = (body?.required ?? []).includes(name) ? converted : converted.optional();
  }
  const translated = Object.keys(rest.translated ?? {});
  const handWritten = spec.handWritten ?? {};
  for (const name of translated) shape[name] = handWritten[name] ?? fail(`no hand-written schema for ${name}`);
  for (const name of Object.keys(handWritten)) {
    if (!translated.includes(name)) fail(`${name} is hand-written but not a translated argument`);
  }
  return Object.fromEntries(
    Object.entries(shape).map(([name, schema]) => [
      name,
      described(schema, words(name) ?? fail(`no description of the argument ${name}`)),
    ]),
  );
}
