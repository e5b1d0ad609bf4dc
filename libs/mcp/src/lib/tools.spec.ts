import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { TOOLS, type ToolDefinition } from './tools';

/**
 * Each tool's input schema against the REST operation it calls, as the api's OpenAPI document
 * (libs/sdk/openapi.json, which a check keeps equal to what the api serves) describes it: every
 * argument is a parameter or body property of that operation with the same type, enum and bounds;
 * every parameter and property is offered or left out with a reason; required means required.
 * So a route that changes fails here until its tool follows.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const document = JSON.parse(readFileSync(join(__dirname, '../../../sdk/openapi.json'), 'utf8')) as Document;

const resolve = (schema: Schema): Schema =>
  schema.$ref ? resolve(document.components.schemas[schema.$ref.split('/').pop() as string] as Schema) : schema;

/** The JSON types a schema allows (integer counted as number; null left out: optional is checked apart). */
function typesOf(schema: Schema): string[] {
  const resolved = resolve(schema);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives) return [...new Set(alternatives.flatMap(typesOf))].sort();
  const types = [resolved.type ?? (resolved.properties ? 'object' : 'any')].flat();
  return [
    ...new Set(types.map((type) => (type === 'integer' ? 'number' : type)).filter((type) => type !== 'null')),
  ].sort();
}

function enumOf(schema: Schema): unknown[] | undefined {
  const resolved = resolve(schema);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives) {
    const values = alternatives.flatMap((each) => enumOf(each) ?? []);
    return values.length ? values.sort() : undefined;
  }
  return resolved.enum ? [...resolved.enum].sort() : undefined;
}

const BOUNDS = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'] as const;

/** Declared bounds; the safe-integer limits, which zod's int() states and the document may not, do not count. */
function boundsOf(schema: Schema): Partial<Record<(typeof BOUNDS)[number], number>> {
  const resolved = resolve(schema);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives) return Object.assign({}, ...alternatives.map(boundsOf));
  const stated = (value: number | undefined) =>
    value !== undefined && value !== Number.MAX_SAFE_INTEGER && value !== Number.MIN_SAFE_INTEGER;
  return Object.fromEntries(BOUNDS.filter((bound) => stated(resolved[bound])).map((bound) => [bound, resolved[bound]]));
}

/** The object schema among a schema's alternatives (a nullable object), if any. */
function objectOf(schema: Schema): Schema | undefined {
  const resolved = resolve(schema);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives) return alternatives.map(objectOf).find(Boolean);
  return resolved.properties ? resolved : undefined;
}

/** Same types, enum and bounds, down through nested objects and array items; the same properties, required alike. */
function expectSameShape(path: string, argument: Schema, documented: Schema): void {
  expect({ path, types: typesOf(argument) }).toEqual({ path, types: typesOf(documented) });
  expect({ path, enum: enumOf(argument) }).toEqual({ path, enum: enumOf(documented) });
  expect({ path, bounds: boundsOf(argument) }).toEqual({ path, bounds: boundsOf(documented) });
  const [ours, theirs] = [objectOf(argument), objectOf(documented)];
  if (ours && theirs) {
    expect({ path, properties: Object.keys(ours.properties ?? {}).sort() }).toEqual({
      path,
      properties: Object.keys(theirs.properties ?? {}).sort(),
    });
    expect({ path, required: [...(ours.required ?? [])].sort() }).toEqual({
      path,
      required: [...(theirs.required ?? [])].sort(),
    });
    for (const [name, property] of Object.entries(ours.properties ?? {})) {
      expectSameShape(`${path}.${name}`, property, theirs.properties?.[name] ?? {});
    }
  }
  const [ourItems, theirItems] = [resolve(argument).items, resolve(documented).items];
  if (ourItems && theirItems && objectOf(theirItems)) expectSameShape(`${path}[]`, ourItems, theirItems);
}

/** The tool's input shape as the JSON Schema the MCP client receives. */
function inputSchemaOf(tool: ToolDefinition): Schema {
  return z.toJSONSchema(z.object(tool.input), { io: 'input' }) as Schema;
}

const operationOf = (tool: ToolDefinition) => document.paths[tool.rest.path]?.[tool.rest.method];

describe.each(TOOLS.map((tool) => [tool.name, tool as ToolDefinition] as const))('the %s tool', (_name, tool) => {
  const operation = operationOf(tool);
  const input = inputSchemaOf(tool);
  const argumentsOf = Object.keys(input.properties ?? {});
  const parameters = (operation?.parameters ?? []).filter((parameter) => parameter.in !== 'header');
  const body = operation?.requestBody
    ? resolve(operation.requestBody.content['application/json']?.schema ?? {})
    : undefined;
  const bodyProperties = body?.properties ?? {};
  const rest = tool.rest;

  it('calls an operation of the document', () => {
    expect(operation).toBeDefined();
  });

  it('accounts for every argument: a path or query parameter, a body property or a translated one', () => {
    const placed = [
      ...Object.keys(rest.pathParams ?? {}),
      ...(rest.query ?? []),
      ...(rest.body ?? []),
      ...Object.keys(rest.translated ?? {}),
    ];
    expect([...placed].sort()).toEqual([...argumentsOf].sort());
  });

  it('offers every parameter and body property of the operation, or says why not', () => {
    const queryNames = parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
    const pathNames = parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
    expect(Object.values(rest.pathParams ?? {}).sort()).toEqual(pathNames.sort());
    const offered = new Set([...(rest.query ?? []), ...(rest.body ?? []), ...Object.values(rest.translated ?? {})]);
    const omitted = rest.omitted ?? {};
    for (const name of [...queryNames, ...Object.keys(bodyProperties)]) {
      expect([name, offered.has(name) || typeof omitted[name] === 'string']).toEqual([name, true]);
    }
    for (const name of Object.keys(omitted)) {
      expect([name, queryNames.includes(name) || name in bodyProperties]).toEqual([name, true]);
      expect(omitted[name]?.length).toBeGreaterThan(10);
    }
    for (const name of Object.values(rest.translated ?? {})) {
      expect([name, queryNames.includes(name) || name in bodyProperties]).toEqual([name, true]);
    }
  });

  it('gives each argument its parameter’s or property’s type, enum and bounds, and requires what it requires', () => {
    const required = new Set(input.required ?? []);
    const direct: Array<[string, Schema, boolean]> = [
      ...(rest.query ?? []).map((name): [string, Schema, boolean] => {
        const parameter = parameters.find((each) => each.in === 'query' && each.name === name);
        return [name, parameter?.schema ?? {}, parameter?.required === true];
      }),
      ...(rest.body ?? []).map((name): [string, Schema, boolean] => [
        name,
        bodyProperties[name] ?? {},
        (body?.required ?? []).includes(name),
      ]),
    ];
    for (const [name, documented, documentedRequired] of direct) {
      expectSameShape(name, input.properties?.[name] as Schema, documented);
      expect({ name, required: required.has(name) }).toEqual({ name, required: documentedRequired });
    }
    for (const name of Object.keys(rest.pathParams ?? {})) expect([name, required.has(name)]).toEqual([name, true]);
  });

  it('names only fields of the operation’s answer in its output schema', () => {
    const success = Object.entries(operation?.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1];
    const answer = resolve(success?.content?.['application/json']?.schema ?? {});
    for (const field of Object.keys(tool.output)) {
      expect([field, field in (answer.properties ?? {})]).toEqual([field, true]);
    }
  });
});

describe('the tools as a whole', () => {
  it('have unique names of lower-case words, and descriptions long enough to choose by', () => {
    const names = TOOLS.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    for (const tool of TOOLS) {
      expect(tool.name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      for (const mode of ['live', 'test'] as const) {
        expect(tool.description({ mode, scopes: ['admin'] }).length).toBeGreaterThan(80);
      }
    }
  });

  it('are read-only exactly when they need at most the read scope', () => {
    for (const tool of TOOLS) {
      expect([tool.name, tool.annotations.readOnlyHint === true]).toEqual([tool.name, tool.scope !== 'intakes:write']);
    }
  });
});
