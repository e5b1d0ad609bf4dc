import fc from 'fast-check';
import { type Operation, pathParameters, queryParameters, type Schema } from './document';
import { pathFixtureName } from './fixtures';
import { applyMutation, bodyMutations } from './mutations';
import { rawBodyArbitrary, type RawBody } from './raw-bodies';
import { headerValues, mangledQuery, pathValue, type QueryPair, validQuery, type WireValue } from './params';
import { type GenerationContext, sampleOf, valueArbitrary, type Value } from './schema-arbitrary';

/**
 * The requests the fuzzer sends to one operation, as plans: what to send, with fixture
 * references still unresolved (the runner fills them in against the fixtures of the moment).
 */

export type Auth = 'session' | 'key' | 'provider' | 'none';

export type Upload = 'png' | 'pdf' | 'empty' | 'garbage';

export type PlannedBody =
  | { json: Value; contentType?: string }
  | { raw: RawBody }
  | { multipart: { field: string; filename: string; contentType: string; content: Upload; extra?: boolean } };

export interface RequestPlan {
  /** What was generated: `valid`, `null at client.email`, `malformed JSON`… */
  label: string;
  /** Generated as valid from the document: the converse check applies (if Ajv agrees). */
  valid: boolean;
  auth: Auth;
  path: Record<string, WireValue>;
  query: QueryPair[];
  headers: Record<string, string>;
  body?: PlannedBody;
}

interface BodyPart {
  label?: string;
  valid?: boolean;
  body: PlannedBody | undefined;
}

/**
 * Who calls the operation (x-access): the owner's session or admin key, the provider with its
 * shared secret, or nobody.
 */
function authArbitrary(operation: Operation): fc.Arbitrary<Auth> {
  const { access } = operation;
  if (access.public) return fc.constant('none');
  if (access.via === 'provider') return fc.constant('provider');
  if (access.via === 'session') return fc.constant('session');
  if (access.via === 'key') return fc.constant('key');
  return fc.constantFrom('session', 'key');
}

const JSON_TYPE = 'application/json';
const MULTIPART = 'multipart/form-data';

/** The name of the binary field a multipart body must carry. */
function fileField(schema: Schema): string {
  const entry = Object.entries(schema.properties ?? {}).find(([, s]) => s.format === 'binary');
  return entry?.[0] ?? 'file';
}

function multipartBodies(schema: Schema): { valid: fc.Arbitrary<PlannedBody>; broken: fc.Arbitrary<PlannedBody> } {
  const field = fileField(schema);
  const part = (filename: string, contentType: string, content: Upload, extra = false, name = field) => ({
    multipart: { field: name, filename, contentType, content, extra },
  });
  return {
    valid: fc.constantFrom<PlannedBody>(
      part('logo.png', 'image/png', 'png'),
      part('brief.pdf', 'application/pdf', 'pdf'),
    ),
    broken: fc.constantFrom<PlannedBody>(
      part('logo.png', 'image/png', 'png', false, 'not_the_field'),
      part('empty.png', 'image/png', 'empty'),
      part('noise.bin', 'application/octet-stream', 'garbage'),
      part('logo.png', 'image/png', 'png', true),
      part('x'.repeat(5000), 'image/png', 'png'),
      part('../../etc/passwd', 'image/png', 'png'),
      part('a\u0000b.png', 'image/png', 'png'),
      part('\u202Egnp.exe', 'image/png', 'png'),
      part('logo.png', 'text/html', 'png'),
    ),
  };
}

/** Every request plan of one operation: valid ones, and each way of breaking them. */
export function requestArbitrary(operation: Operation, context: GenerationContext): fc.Arbitrary<RequestPlan> {
  const auth = authArbitrary(operation);
  const pathParams = pathParameters(operation);
  const values = pathParams.map((p) => pathValue(pathFixtureName(operation.path, p.name), p, context));
  const toRecord = (list: WireValue[]) => Object.fromEntries(pathParams.map((p, i) => [p.name, list[i] as WireValue]));
  const validPath = fc.tuple(...values.map((v) => v.valid)).map(toRecord);
  const queries = queryParameters(operation);
  const query = validQuery(queries, context);
  const headers = headerValues(operation.parameters, context, false);

  const jsonSchema = operation.body[JSON_TYPE];
  const multipartSchema = operation.body[MULTIPART];
  const sample = jsonSchema ? sampleOf(context, jsonSchema) : undefined;
  const validJson = jsonSchema ? valueArbitrary(context, jsonSchema) : undefined;
  const multipart = multipartSchema ? multipartBodies(multipartSchema) : undefined;
  // Other media types the operation takes with the same schema (text/plain, as SNS posts JSON).
  const jsonTypes = Object.entries(operation.body)
    .filter(([, schema]) => JSON.stringify(schema) === JSON.stringify(jsonSchema))
    .map(([type]) => type);
  const validBody: fc.Arbitrary<PlannedBody | undefined> = validJson
    ? fc.tuple(validJson, fc.constantFrom(...jsonTypes)).map(([json, contentType]) => ({ json, contentType }))
    : multipart
      ? multipart.valid
      : fc.constant(undefined);

  const plan = (
    label: string,
    valid: boolean,
    parts: {
      path?: fc.Arbitrary<Record<string, WireValue>>;
      query?: fc.Arbitrary<QueryPair[]>;
      headers?: fc.Arbitrary<Record<string, string>>;
      body?: fc.Arbitrary<BodyPart>;
    },
  ): fc.Arbitrary<RequestPlan> =>
    fc
      .record({
        auth,
        path: parts.path ?? validPath,
        query: parts.query ?? query,
        headers: parts.headers ?? headers,
        body: parts.body ?? validBody.map((body): BodyPart => ({ body })),
      })
      .map(({ body, ...rest }) => ({
        label: body.label ?? label,
        valid: body.valid ?? valid,
        ...rest,
        ...(body.body ? { body: body.body } : {}),
      }));

  const kinds: Array<{ weight: number; arbitrary: fc.Arbitrary<RequestPlan> }> = [
    { weight: 4, arbitrary: plan('valid', true, {}) },
  ];
  if (validJson && jsonSchema) {
    const mutations = bodyMutations(context.document, jsonSchema, sample);
    const mutated = fc.tuple(validJson, fc.constantFrom(...mutations)).map(([json, mutation]) => ({
      label: mutation.label,
      valid: mutation.meantValid,
      body: { json: applyMutation(json, mutation) },
    }));
    const text = validJson.map((json) => JSON.stringify(json) ?? 'null');
    const raw = rawBodyArbitrary(text).map((body) => ({ label: body.label, valid: false, body: { raw: body } }));
    kinds.push(
      { weight: 4, arbitrary: plan('', false, { body: mutated }) },
      { weight: 1, arbitrary: plan('', false, { body: raw }) },
    );
  } else if (multipart) {
    const broken = multipart.broken.map((body) => ({ label: `multipart ${describe(body)}`, valid: false, body }));
    const json = rawBodyArbitrary(fc.constant('{"file":"logo.png"}')).map((body) => ({
      label: body.label,
      valid: false,
      body: { raw: body },
    }));
    kinds.push({ weight: 3, arbitrary: plan('', false, { body: fc.oneof(broken, json) }) });
  } else if (operation.method !== 'GET') {
    // A body where the operation takes none.
    const raw = rawBodyArbitrary(fc.constant('{"unexpected":true}')).map((body) => ({
      label: `unexpected body: ${body.label}`,
      valid: false,
      body: { raw: body },
    }));
    kinds.push({ weight: 1, arbitrary: plan('', false, { body: raw }) });
  }
  if (pathParams.length > 0) {
    const mangledPath = fc
      .tuple(fc.nat(pathParams.length - 1), ...values.map((v) => fc.tuple(v.valid, v.mangled)))
      .map(([which, ...pairs]) => toRecord(pairs.map(([valid, mangled], i) => (i === which ? mangled : valid))));
    kinds.push({ weight: 2, arbitrary: plan('mangled path parameter', false, { path: mangledPath }) });
  }
  kinds.push({
    weight: queries.length ? 2 : 1,
    arbitrary: plan('mangled query', false, { query: mangledQuery(queries, context) }),
  });
  if (operation.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() !== 'x-csrf-token')) {
    kinds.push({
      weight: 1,
      arbitrary: plan('mangled header', false, { headers: headerValues(operation.parameters, context, true) }),
    });
  }
  return fc.oneof(...kinds);
}

function describe(body: PlannedBody): string {
  if (!('multipart' in body)) return '';
  const m = body.multipart;
  return `${m.field}=${JSON.stringify(m.filename.slice(0, 40))} (${m.contentType}, ${m.content}${m.extra ? ', two files' : ''})`;
}
