import { z } from 'zod';
import {
  deriveInput,
  OPENAPI_DOCUMENT,
  operationOf,
  requestBodyOf,
  resolveSchema,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiParameter,
} from './openapi-input';
import { TOOLS, type ToolDefinition } from './tools';

/**
 * Each tool's input schema is derived from the REST operation it calls, as the api's OpenAPI
 * document (libs/sdk/openapi.json, which tools/sdk/generate.spec.ts keeps equal to what the api
 * serves) describes it (openapi-input.ts). Checked here: every argument is a parameter or body
 * property of that operation (or a translated one, hand-written); every parameter and property is
 * offered or left out with a reason; the derived schema has the documented types, enums, bounds and
 * required-ness, and refuses a value just past each of them. A route that changes fails here (or
 * when the tools load) until its tool's binding follows.
 */

const document = OPENAPI_DOCUMENT;
const tools = TOOLS as ReadonlyArray<ToolDefinition>;
const resolve = (schema: JsonSchema) => resolveSchema(schema, document);

/** The JSON types a schema allows (integer counted as number; null left out: checked apart). */
function typesOf(schema: JsonSchema): string[] {
  const resolved = resolve(schema);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives) return [...new Set(alternatives.flatMap(typesOf))].sort();
  const types = [resolved.type ?? (resolved.properties ? 'object' : 'any')].flat();
  return [
    ...new Set(types.map((type) => (type === 'integer' ? 'number' : type)).filter((type) => type !== 'null')),
  ].sort();
}

const nullableOf = (schema: JsonSchema): boolean => {
  const resolved = resolve(schema);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  return alternatives ? alternatives.some(nullableOf) : [resolved.type].flat().includes('null');
};

function enumOf(schema: JsonSchema): unknown[] | undefined {
  const resolved = resolve(schema);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives) {
    const values = alternatives.flatMap((each) => enumOf(each) ?? []);
    return values.length ? values.sort() : undefined;
  }
  const values = resolved.enum ?? (resolved.const !== undefined ? [resolved.const] : undefined);
  return values ? values.filter((value) => value !== null).sort() : undefined;
}

const BOUNDS = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'] as const;

/** Declared bounds; the safe-integer limits, which zod's int() states and the document may not, do not count. */
function boundsOf(schema: JsonSchema): Partial<Record<(typeof BOUNDS)[number], number>> {
  const resolved = resolve(schema);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives) return Object.assign({}, ...alternatives.map(boundsOf));
  const stated = (value: number | undefined) =>
    value !== undefined && value !== Number.MAX_SAFE_INTEGER && value !== Number.MIN_SAFE_INTEGER;
  return Object.fromEntries(BOUNDS.filter((bound) => stated(resolved[bound])).map((bound) => [bound, resolved[bound]]));
}

/** The object schema among a schema's alternatives (a nullable object), if any. */
function objectOf(schema: JsonSchema): JsonSchema | undefined {
  const resolved = resolve(schema);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives) return alternatives.map(objectOf).find(Boolean);
  return resolved.type === 'object' || resolved.properties ? resolved : undefined;
}

/** Same types, nullability, enum and bounds, down through objects and array items; the same properties, required alike. */
function expectSameShape(path: string, argument: JsonSchema, documented: JsonSchema): void {
  expect({ path, types: typesOf(argument) }).toEqual({ path, types: typesOf(documented) });
  expect({ path, nullable: nullableOf(argument) }).toEqual({ path, nullable: nullableOf(documented) });
  expect({ path, enum: enumOf(argument) }).toEqual({ path, enum: enumOf(documented) });
  expect({ path, bounds: boundsOf(argument) }).toEqual({ path, bounds: boundsOf(documented) });
  const [ours, theirs] = [objectOf(argument), objectOf(documented)];
  expect({ path, object: ours !== undefined }).toEqual({ path, object: theirs !== undefined });
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
  expect({ path, items: ourItems !== undefined }).toEqual({ path, items: theirItems !== undefined });
  if (ourItems && theirItems) expectSameShape(`${path}[]`, ourItems, theirItems);
}

/** A value the documented schema accepts, as small as its bounds allow (patterns and formats are the api's). */
function sampleOf(schema: JsonSchema): unknown {
  const resolved = resolve(schema);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives) return sampleOf(alternatives.find((each) => each.type !== 'null') ?? {});
  if (resolved.enum) return resolved.enum[0];
  if (resolved.const !== undefined) return resolved.const;
  switch ([resolved.type].flat().find((type) => type !== 'null')) {
    case 'string':
      return 'x'.repeat(resolved.minLength ?? 1);
    case 'integer':
    case 'number':
      return resolved.minimum ?? 0;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: resolved.minItems ?? 0 }, () => sampleOf(resolved.items ?? {}));
    default:
      return Object.fromEntries(
        (resolved.required ?? []).map((name) => [name, sampleOf(resolved.properties?.[name] ?? {})]),
      );
  }
}

interface Probe {
  value: unknown;
  accepted: boolean;
  /** What the probe tries, e.g. `client.email: 255 characters (maxLength 254)`. */
  why: string;
}

/**
 * Values at and just past each documented bound and enum of a schema, with whether the schema accepts
 * them; into nested objects (the other properties at their samples) and array items.
 */
function probesOf(schema: JsonSchema, path: string): Probe[] {
  const resolved = resolve(schema);
  const alternatives = resolved.oneOf ?? resolved.anyOf;
  if (alternatives) {
    const members = alternatives.filter((each) => each.type !== 'null');
    // A value one alternative refuses may be another's: refusals are kept only for values of no other's type.
    return members.flatMap((member) =>
      probesOf(member, path).filter(
        (probe) =>
          probe.accepted || !members.some((other) => other !== member && typesOf(other).includes(typeof probe.value)),
      ),
    );
  }
  const probes: Probe[] = [
    { value: null, accepted: nullableOf(resolved), why: `${path}: null` },
    { value: sampleOf(resolved), accepted: true, why: `${path}: a sample` },
  ];
  if (resolved.enum) {
    const values = resolved.enum.filter((value) => value !== null);
    probes.push(...values.map((value) => ({ value, accepted: true, why: `${path}: ${String(value)}` })));
    probes.push({ value: 'not_one_of_them', accepted: false, why: `${path}: not of the enum` });
    return probes;
  }
  const { minLength, maxLength, minimum, maximum, minItems, maxItems } = boundsOf(resolved);
  if (maxLength !== undefined) {
    probes.push({ value: 'x'.repeat(maxLength), accepted: true, why: `${path}: maxLength ${maxLength}` });
    probes.push({ value: 'x'.repeat(maxLength + 1), accepted: false, why: `${path}: maxLength ${maxLength} + 1` });
  }
  if (minLength !== undefined && minLength > 0)
    probes.push({ value: 'x'.repeat(minLength - 1), accepted: false, why: `${path}: minLength ${minLength} - 1` });
  if (minimum !== undefined)
    probes.push({ value: minimum - 1, accepted: false, why: `${path}: minimum ${minimum} - 1` });
  if (maximum !== undefined)
    probes.push({ value: maximum + 1, accepted: false, why: `${path}: maximum ${maximum} + 1` });
  if (resolved.type === 'integer') probes.push({ value: 1.5, accepted: false, why: `${path}: not an integer` });
  const item = resolved.items ? sampleOf(resolved.items) : undefined;
  if (maxItems !== undefined)
    probes.push({ value: Array(maxItems + 1).fill(item), accepted: false, why: `${path}: maxItems ${maxItems} + 1` });
  if (minItems !== undefined && minItems > 0)
    probes.push({ value: Array(minItems - 1).fill(item), accepted: false, why: `${path}: minItems ${minItems} - 1` });
  if (resolved.items) {
    const others = Array(Math.max((minItems ?? 1) - 1, 0)).fill(item);
    for (const probe of probesOf(resolved.items, `${path}[]`))
      probes.push({ ...probe, value: [probe.value, ...others] });
  }
  const sample = sampleOf(resolved) as Record<string, unknown>;
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    const required = (resolved.required ?? []).includes(name);
    const without = Object.fromEntries(Object.entries(sample).filter(([key]) => key !== name));
    probes.push({ value: without, accepted: !required, why: `${path}.${name} left out` });
    for (const probe of probesOf(property, `${path}.${name}`))
      probes.push({ ...probe, value: { ...sample, [name]: probe.value } });
  }
  return probes;
}

/** The tool's input shape as the JSON Schema the MCP client receives. */
const inputSchemaOf = (tool: ToolDefinition) => z.toJSONSchema(z.object(tool.input), { io: 'input' }) as JsonSchema;

/** The operation's parameters (headers are the transport's) and body properties the tool neither offers nor omits with a reason. */
function unaccountedFor(tool: ToolDefinition, from: OpenApiDocument = document): string[] {
  const operation = operationOf(tool.rest, from);
  const offered = new Set([
    ...Object.values(tool.rest.pathParams ?? {}),
    ...(tool.rest.query ?? []),
    ...(tool.rest.body ?? []),
    ...Object.values(tool.rest.translated ?? {}),
  ]);
  const omitted = tool.rest.omitted ?? {};
  return [
    ...(operation.parameters ?? []).filter((parameter) => parameter.in !== 'header').map((parameter) => parameter.name),
    ...Object.keys(requestBodyOf(operation, from)?.properties ?? {}),
  ].filter((name) => !offered.has(name) && !(typeof omitted[name] === 'string' && omitted[name].length > 10));
}

describe.each(tools.map((tool) => [tool.name, tool] as const))('the %s tool', (_name, tool) => {
  const { rest } = tool;
  const operation = operationOf(rest);
  const input = inputSchemaOf(tool);
  const argumentsOf = Object.keys(tool.input);
  const parameters: OpenApiParameter[] = (operation.parameters ?? []).filter((parameter) => parameter.in !== 'header');
  const body = requestBodyOf(operation);
  const bodyProperties = body?.properties ?? {};
  /** Each argument bound to a parameter or property: its documented schema and whether it is required. */
  const bound: Array<[string, JsonSchema, boolean]> = [
    // A path parameter is never empty, whatever the document says (an empty segment names another route).
    ...Object.entries(rest.pathParams ?? {}).map(([argument, name]): [string, JsonSchema, boolean] => {
      const schema = parameters.find((each) => each.in === 'path' && each.name === name)?.schema ?? {};
      return [argument, schema.type === 'string' ? { minLength: 1, ...schema } : schema, true];
    }),
    ...(rest.query ?? []).map((name): [string, JsonSchema, boolean] => {
      const parameter = parameters.find((each) => each.in === 'query' && each.name === name);
      return [name, parameter?.schema ?? {}, parameter?.required === true];
    }),
    ...(rest.body ?? []).map((name): [string, JsonSchema, boolean] => [
      name,
      bodyProperties[name] ?? {},
      (body?.required ?? []).includes(name),
    ]),
  ];

  it('accounts for every argument: a path or query parameter, a body property, or a translated one written by hand', () => {
    const placed = [
      ...Object.keys(rest.pathParams ?? {}),
      ...(rest.query ?? []),
      ...(rest.body ?? []),
      ...Object.keys(rest.translated ?? {}),
    ];
    expect([...placed].sort()).toEqual([...argumentsOf].sort());
    expect(Object.keys(tool.handWritten ?? {}).sort()).toEqual(Object.keys(rest.translated ?? {}).sort());
    for (const name of Object.keys(rest.pathParams ?? {})) {
      expect([name, parameters.some((each) => each.in === 'path' && each.name === rest.pathParams?.[name])]).toEqual([
        name,
        true,
      ]);
    }
    for (const name of rest.query ?? []) {
      expect([name, parameters.some((each) => each.in === 'query' && each.name === name)]).toEqual([name, true]);
    }
    for (const name of rest.body ?? []) expect([name, name in bodyProperties]).toEqual([name, true]);
  });

  it('offers every parameter and body property of the operation, or says why not', () => {
    const pathNames = parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
    expect(Object.values(rest.pathParams ?? {}).sort()).toEqual(pathNames.sort());
    expect(unaccountedFor(tool)).toEqual([]);
    const queryNames = parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
    for (const name of [...Object.keys(rest.omitted ?? {}), ...Object.values(rest.translated ?? {})]) {
      expect([name, queryNames.includes(name) || name in bodyProperties]).toEqual([name, true]);
    }
  });

  it('has each bound argument’s documented type, nullability, enum and bounds, and requires what the operation requires', () => {
    const required = new Set(input.required ?? []);
    for (const [name, documented, documentedRequired] of bound) {
      expectSameShape(name, input.properties?.[name] ?? {}, documented);
      expect({ name, required: required.has(name) }).toEqual({ name, required: documentedRequired });
    }
  });

  it('refuses a value just past each documented bound or outside each enum, and takes one within', () => {
    for (const [name, documented, documentedRequired] of bound) {
      const schema = tool.input[name] as z.ZodType;
      const probes: Probe[] = [
        ...probesOf(documented, name),
        { value: undefined, accepted: !documentedRequired, why: `${name} left out` },
      ];
      for (const probe of probes) {
        expect({ probe: probe.why, accepted: schema.safeParse(probe.value).success }).toEqual({
          probe: probe.why,
          accepted: probe.accepted,
        });
      }
    }
  });

  it('has words for every argument, and only for arguments or their properties', () => {
    for (const name of argumentsOf) {
      expect([name, input.properties?.[name]?.['description']]).toEqual([name, expect.stringMatching(/^.{10,}$/)]);
    }
    const documentedAt = (path: string): JsonSchema | undefined => {
      const [argument = '', ...steps] = path.split(/(?=\.|\[\])/);
      let schema: JsonSchema | undefined = bound.find(([name]) => name === argument)?.[1];
      for (const step of steps) {
        const object: JsonSchema | undefined = schema && (objectOf(schema) ?? resolve(schema));
        schema = step === '[]' ? object?.items : object?.properties?.[step.slice(1)];
      }
      return schema;
    };
    for (const path of Object.keys(tool.argumentDescriptions).filter((path) => !argumentsOf.includes(path))) {
      expect([path, documentedAt(path) !== undefined]).toEqual([path, true]);
    }
  });

  it('names only fields of the operation’s answer in its output schema', () => {
    const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))?.[1];
    const answer = resolve(success?.content?.['application/json']?.schema ?? {});
    for (const field of Object.keys(tool.output)) {
      expect([field, field in (answer.properties ?? {})]).toEqual([field, true]);
    }
  });
});

describe('a route that changes', () => {
  const changed = (change: (copy: OpenApiDocument) => void): OpenApiDocument => {
    const copy = structuredClone(document);
    change(copy);
    return copy;
  };
  const tool = (name: string) => tools.find((each) => each.name === name) as ToolDefinition;
  const bodySchema = (copy: OpenApiDocument, path: string) =>
    resolveSchema(copy.paths[path]?.post?.requestBody?.content['application/json']?.schema ?? {}, copy);

  it('fails the derivation when a property or parameter a tool binds is renamed or removed', () => {
    const renamed = changed((copy) => {
      const body = bodySchema(copy, '/v1/intakes/{id}/items/{key}/approve');
      body.properties = { remark: body.properties?.['note'] ?? {} };
    });
    expect(() => deriveInput(tool('approve_item'), renamed)).toThrow(
      'the approve_item tool (POST /v1/intakes/{id}/items/{key}/approve): no request body property note',
    );
    const removed = changed((copy) => {
      const operation = copy.paths['/v1/intakes']?.get;
      if (operation) operation.parameters = operation.parameters?.filter((parameter) => parameter.name !== 'q');
    });
    expect(() => deriveInput(tool('list_intakes'), removed)).toThrow(/no query parameter q/);
    const moved = changed((copy) => {
      copy.paths['/v1/intakes/{id}/nudge'] = copy.paths['/v1/intakes/{id}/chase'] ?? {};
      delete copy.paths['/v1/intakes/{id}/chase'];
    });
    expect(() => deriveInput(tool('chase_client'), moved)).toThrow(/no operation POST \/v1\/intakes\/\{id\}\/chase/);
  });

  it('fails the check when the operation gains a property its tool neither offers nor omits', () => {
    const grown = changed((copy) => {
      const body = bodySchema(copy, '/v1/intakes/{id}/chase');
      body.properties = { ...body.properties, urgency: { type: 'string' } };
    });
    expect(unaccountedFor(tool('chase_client'), grown)).toEqual(['urgency']);
  });

  it('carries a changed bound, enum or required-ness into the tool’s schema without a second edit', () => {
    const tightened = changed((copy) => {
      const body = bodySchema(copy, '/v1/intakes/{id}/revision');
      const note = body.properties?.['note'];
      if (note) note.maxLength = 100;
      const chase = bodySchema(copy, '/v1/intakes/{id}/chase');
      const channel = chase.properties?.['channel'];
      if (channel) channel.enum = ['email'];
      chase.required = ['channel'];
    });
    const revision = z.object(deriveInput(tool('request_revision'), tightened));
    expect(revision.safeParse({ intake_id: 'in_1', item_key: 'logo', note: 'x'.repeat(100) }).success).toBe(true);
    expect(revision.safeParse({ intake_id: 'in_1', item_key: 'logo', note: 'x'.repeat(101) }).success).toBe(false);
    const chase = z.object(deriveInput(tool('chase_client'), tightened));
    expect(chase.safeParse({ intake_id: 'in_1', channel: 'sms' }).success).toBe(false);
    expect(chase.safeParse({ intake_id: 'in_1' }).success).toBe(false);
    expect(chase.safeParse({ intake_id: 'in_1', channel: 'email' }).success).toBe(true);
  });
});

describe('the tools as a whole', () => {
  it('have unique names of lower-case words, and descriptions long enough to choose by', () => {
    const names = tools.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      for (const mode of ['live', 'test'] as const) {
        expect(tool.description({ mode, scopes: ['admin'] }).length).toBeGreaterThan(80);
      }
    }
  });

  it('are read-only exactly when they need at most the read scope', () => {
    for (const tool of tools) {
      expect([tool.name, tool.annotations.readOnlyHint === true]).toEqual([tool.name, tool.scope !== 'intakes:write']);
    }
  });

  it('give a documented maxLength to the schema: create_intake refuses a project name one character too long', () => {
    const create = z.object(tools.find((tool) => tool.name === 'create_intake')?.input ?? {});
    const valid = { project_name: 'x'.repeat(200), client: { email: 'a@b.example', name: 'A' }, items: [{ key: 'a' }] };
    expect(create.safeParse(valid).success).toBe(true);
    expect(create.safeParse({ ...valid, project_name: 'x'.repeat(201) }).success).toBe(false);
    expect(create.safeParse({ ...valid, client: { ...valid.client, email: 'x'.repeat(255) } }).success).toBe(false);
  });
});
