/**
 * The served OpenAPI document as the fuzzer reads it: every operation with its parameters, its
 * request body, the statuses it declares and its `x-errors` and `x-access`. Nothing here names a
 * route or a field: all of it comes from the document.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A JSON Schema node as the document writes it (OpenAPI 3.1 is JSON Schema 2020-12). */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: Json[];
  const?: Json;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  example?: Json;
  examples?: Json[];
  default?: Json;
  description?: string;
  /** Not to be sent (a field a request may name only to be told it cannot change). */
  readOnly?: boolean;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

export interface DocumentedError {
  status: number;
  error: string;
  reason?: string;
}

export interface Access {
  public?: boolean;
  via?: 'any' | 'session' | 'key' | 'provider';
  /** For `provider`: the environment variable holding the shared secret it presents. */
  secret?: string;
  scope?: string | null;
  role?: string | null;
  /** `test`: test keys only (test clocks); the fuzzer calls it with the owner's test key. */
  mode?: 'test';
}

interface RawResponse {
  description?: string;
  content?: Record<string, { schema?: Schema }>;
}

interface RawOperation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses: Record<string, RawResponse>;
  'x-errors'?: DocumentedError[];
  'x-access'?: Access;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, Schema> };
}

export interface Operation {
  /** `POST /v1/intakes/{id}/items`: how failures and the FUZZ_OP filter name it. */
  name: string;
  method: string;
  /** The document's path template, `{name}` for each path parameter. */
  path: string;
  operationId: string;
  parameters: Parameter[];
  /** The request body's media types with their schemas; empty when the operation takes none. */
  body: Record<string, Schema>;
  bodyRequired: boolean;
  /** Response schema per declared status (`undefined`: the status declares no content). */
  responses: Map<number, Schema | undefined>;
  /** Success statuses that answer text (GET /llms.txt: text/markdown), with the declared media type. */
  textResponses: Map<number, string>;
  errors: DocumentedError[];
  access: Access;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every operation of the document, in document order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const raw = item[method];
      if (!raw) continue;
      const responses = new Map<number, Schema | undefined>();
      const textResponses = new Map<number, string>();
      for (const [status, response] of Object.entries(raw.responses)) {
        if (!/^\d{3}$/.test(status)) continue;
        responses.set(Number(status), response.content?.['application/json']?.schema);
        const text = Object.keys(response.content ?? {}).find((type) => type.startsWith('text/'));
        if (text) textResponses.set(Number(status), text);
      }
      const body: Record<string, Schema> = {};
      for (const [type, media] of Object.entries(raw.requestBody?.content ?? {})) body[type] = media.schema ?? {};
      operations.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        operationId: raw.operationId ?? `${method} ${path}`,
        parameters: raw.parameters ?? [],
        body,
        bodyRequired: raw.requestBody?.required ?? false,
        responses,
        textResponses,
        errors: raw['x-errors'] ?? [],
        access: raw['x-access'] ?? { public: true },
      });
    }
  }
  return operations;
}

/** Follows `$ref`s (and a lone `allOf`) to the schema they name. */
export function resolve(document: OpenApiDocument, schema: Schema | undefined, depth = 0): Schema {
  if (!schema) return {};
  if (depth > 32) throw new Error('OpenAPI: $ref cycle');
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = document.components.schemas[name];
    if (!target) throw new Error(`OpenAPI: unknown $ref ${schema.$ref}`);
    const { $ref: _ref, ...rest } = schema;
    return resolve(document, { ...target, ...rest }, depth + 1);
  }
  if (schema.allOf?.length === 1 && !schema.properties) {
    const { allOf, ...rest } = schema;
    return resolve(document, { ...resolve(document, allOf[0], depth + 1), ...rest }, depth + 1);
  }
  return schema;
}

/** The JSON types a schema allows (`[]`: any). */
export function typesOf(schema: Schema): string[] {
  if (schema.type) return [schema.type].flat();
  if (schema.enum) return [...new Set(schema.enum.map(jsonType))];
  if (schema.properties) return ['object'];
  return [];
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * Whether the document leaves a value's shape open: no type, or an object that names no property
 * and takes any. A server refusing such a value refuses a shape the document never described.
 */
export function isOpen(schema: Schema): boolean {
  if (schema.oneOf || schema.anyOf || schema.enum || schema.const !== undefined) return false;
  const types = typesOf(schema);
  if (types.length === 0) return true;
  return (
    types.includes('object') &&
    !schema.properties &&
    (schema.additionalProperties === undefined || schema.additionalProperties === true)
  );
}

/** The operation's path parameters, in path order. */
export const pathParameters = (operation: Operation): Parameter[] =>
  operation.parameters.filter((p) => p.in === 'path');

export const queryParameters = (operation: Operation): Parameter[] =>
  operation.parameters.filter((p) => p.in === 'query');

/** The 2xx/3xx statuses the operation declares. */
export const successStatuses = (operation: Operation): number[] =>
  [...operation.responses.keys()].filter((status) => status < 400);
