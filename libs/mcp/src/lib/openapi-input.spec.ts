import { z } from 'zod';
import {
  deriveInput,
  DerivationError,
  OPENAPI_DOCUMENT,
  zodOfSchema,
  type JsonSchema,
  type OpenApiDocument,
} from './openapi-input';

/** The conversion of the document's JSON Schema (OpenAPI 3.1) to zod, on the constructs the document uses. */

const document: OpenApiDocument = {
  components: {
    schemas: {
      Recipient: {
        type: 'object',
        properties: { email: { type: 'string', maxLength: 254, format: 'email' }, name: { type: 'string' } },
        required: ['email'],
      },
      Alias: { $ref: '#/components/schemas/Recipient' },
      Body: {
        type: 'object',
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 10, pattern: '\\S', default: 'x', example: 'y' },
          count: { type: 'integer', minimum: 1, maximum: 5, default: 3 },
          brief: { type: ['string', 'null'], maxLength: 5 },
          recipient: { $ref: '#/components/schemas/Alias' },
        },
        required: ['title'],
      },
    },
  },
  paths: {
    '/v1/things/{id}': {
      post: {
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'dry_run', in: 'query', required: true, schema: { type: 'boolean' } },
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 0 } },
        ],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Body' } } } },
        responses: {},
      },
    },
  },
};

const convert = (schema: JsonSchema, words?: (path: string) => string | undefined) =>
  zodOfSchema(schema, 'arg', words, document);
const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

describe('zodOfSchema', () => {
  it('converts strings, integers, numbers and booleans with their bounds', () => {
    const string = convert({ type: 'string', minLength: 2, maxLength: 3 });
    expect([accepts(string, 'a'), accepts(string, 'ab'), accepts(string, 'abc'), accepts(string, 'abcd')]).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(accepts(string, 12)).toBe(false);
    const integer = convert({ type: 'integer', minimum: 1, maximum: 1000 });
    expect([0, 1, 1000, 1001, 1.5, '3'].map((value) => accepts(integer, value))).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(accepts(convert({ type: 'number', maximum: 2 }), 1.5)).toBe(true);
    expect(accepts(convert({ type: 'number', maximum: 2 }), 2.5)).toBe(false);
    expect([true, 'true'].map((value) => accepts(convert({ type: 'boolean' }), value))).toEqual([true, false]);
  });

  it('converts an enum of strings, a const and alternatives, nullable where null is a type or an alternative', () => {
    const language = convert({ type: 'string', enum: ['cs', 'en'] });
    expect(['cs', 'en', 'de'].map((value) => accepts(language, value))).toEqual([true, true, false]);
    expect(accepts(convert({ type: 'string', const: 'unlimited' }), 'unlimited')).toBe(true);
    const reminders = convert({
      oneOf: [
        { type: 'integer', minimum: 1, maximum: 1000 },
        { type: 'string', enum: ['unlimited'] },
      ],
    });
    expect([3, 'unlimited', 0, 'many', null].map((value) => accepts(reminders, value))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    const brief = convert({ type: ['string', 'null'], maxLength: 5 });
    expect([null, 'short', 'longer'].map((value) => accepts(brief, value))).toEqual([true, true, false]);
    const branding = convert({ oneOf: [{ $ref: '#/components/schemas/Recipient' }, { type: 'null' }] });
    expect([null, { email: 'a@b.example' }, {}].map((value) => accepts(branding, value))).toEqual([true, true, false]);
    expect(accepts(convert({ type: 'string' }), null)).toBe(false);
  });

  it('converts arrays with their bounds and items', () => {
    const events = convert({ type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1, maxItems: 2 });
    expect([[], ['a'], ['a', 'b'], ['a', 'b', 'a'], ['c']].map((value) => accepts(events, value))).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });

  it('converts objects: required properties, optional ones, $refs followed through an alias', () => {
    const recipient = convert({ $ref: '#/components/schemas/Alias' });
    expect(accepts(recipient, { email: 'a@b.example' })).toBe(true);
    expect(accepts(recipient, { name: 'Eva' })).toBe(false);
    expect(accepts(recipient, { email: 'x'.repeat(255) })).toBe(false);
    const body = convert({ $ref: '#/components/schemas/Body' });
    expect(accepts(body, { title: 'T', recipient: { email: 'a' } })).toBe(true);
    expect(accepts(body, { title: 'T', recipient: { email: 'x'.repeat(255) } })).toBe(false);
  });

  it('keeps what additionalProperties says: true passes other fields, absent drops them, false refuses them', () => {
    const open = convert({ type: 'object', additionalProperties: true });
    expect(open.parse({ key: 'logo', type: 'image' })).toEqual({ key: 'logo', type: 'image' });
    expect(convert({ type: 'object', properties: { a: { type: 'string' } } }).parse({ a: 'x', b: 1 })).toEqual({
      a: 'x',
    });
    expect(accepts(convert({ type: 'object', properties: {}, additionalProperties: false }), { b: 1 })).toBe(false);
  });

  it('leaves pattern, format, uniqueItems and default to the api: not enforced, no default filled in', () => {
    const body = convert({ $ref: '#/components/schemas/Body' });
    expect(body.parse({ title: ' ' })).toEqual({ title: ' ' });
    expect(accepts(convert({ type: 'string', format: 'email' }), 'not an address')).toBe(true);
    expect(accepts(convert({ type: 'array', items: { type: 'string' }, uniqueItems: true }), ['a', 'a'])).toBe(true);
  });

  it('refuses a construct it does not convert, rather than passing it silently', () => {
    expect(() => convert({ type: 'integer', exclusiveMinimum: 0 })).toThrow(
      new DerivationError('arg: the keyword exclusiveMinimum is not converted'),
    );
    expect(() => convert({ $ref: '#/components/schemas/Nowhere' })).toThrow(/unresolvable \$ref/);
    expect(() => convert({ type: ['string', 'integer'] })).toThrow(/one type/);
    expect(() => convert({ type: 'object', additionalProperties: { type: 'string' } })).toThrow(/additionalProperties/);
    expect(() => convert({ type: 'integer', enum: [1, 2] })).toThrow(/enum of strings/);
    expect(() => convert({ type: 'array' })).toThrow(/without items/);
  });

  it('describes nested properties and array items by their path', () => {
    const words: Record<string, string> = { 'arg[]': 'One recipient.', 'arg[].email': 'The address.' };
    const list = convert({ type: 'array', items: { $ref: '#/components/schemas/Recipient' } }, (path) => words[path]);
    const json = z.toJSONSchema(list) as unknown as {
      items: { description: string; properties: { email: { description: string } } };
    };
    expect(json.items.description).toBe('One recipient.');
    expect(json.items.properties.email.description).toBe('The address.');
  });
});

describe('deriveInput', () => {
  const rest = {
    method: 'post',
    path: '/v1/things/{id}',
    pathParams: { thing_id: 'id' },
    query: ['dry_run', 'page'],
    body: ['title', 'count', 'brief'],
  } as const;
  const argumentDescriptions = {
    thing_id: 'The thing.',
    dry_run: 'Only check.',
    page: 'Which page.',
    title: 'A title.',
    count: 'How many.',
    brief: 'A brief.',
  };
  const derive = (spec: Partial<Parameters<typeof deriveInput>[0]> = {}) =>
    deriveInput({ name: 'thing', rest, argumentDescriptions, ...spec }, document);

  it('requires a path parameter, never empty; a query parameter or body property as the document says', () => {
    const input = z.object(derive());
    expect(input.safeParse({ thing_id: 'th_1', dry_run: true, title: 'T' }).success).toBe(true);
    expect(input.safeParse({ thing_id: '', dry_run: true, title: 'T' }).success).toBe(false);
    expect(input.safeParse({ dry_run: true, title: 'T' }).success).toBe(false);
    expect(input.safeParse({ thing_id: 'th_1', title: 'T' }).success).toBe(false);
    expect(input.safeParse({ thing_id: 'th_1', dry_run: true }).success).toBe(false);
    expect(input.safeParse({ thing_id: 'th_1', dry_run: true, title: 'T', count: 6 }).success).toBe(false);
    expect(input.safeParse({ thing_id: 'th_1', dry_run: true, title: 'T', brief: null }).success).toBe(true);
  });

  it('gives each argument the tool’s words', () => {
    const json = z.toJSONSchema(z.object(derive()), { io: 'input' }) as {
      properties: Record<string, { description?: string }>;
    };
    expect(json.properties['thing_id']?.description).toBe('The thing.');
    expect(json.properties['count']?.description).toBe('How many.');
  });

  it('fails for an argument the operation does not have, or one without words', () => {
    expect(() => derive({ rest: { ...rest, body: ['title', 'colour'] } })).toThrow(
      'the thing tool (POST /v1/things/{id}): no request body property colour',
    );
    expect(() => derive({ rest: { ...rest, query: ['dry_run', 'sort'] } })).toThrow(/no query parameter sort/);
    expect(() => derive({ rest: { ...rest, pathParams: { thing_id: 'thing' } } })).toThrow(/no path parameter thing/);
    expect(() => derive({ rest: { ...rest, path: '/v1/others/{id}' } })).toThrow(/no operation POST/);
    expect(() => derive({ argumentDescriptions: { ...argumentDescriptions, page: undefined as never } })).toThrow(
      /no description of the argument page/,
    );
  });

  it('takes a translated argument’s schema from handWritten, and only such an argument’s', () => {
    const translated = { rest: { ...rest, translated: { quick: 'dry_run' } } };
    const words = { argumentDescriptions: { ...argumentDescriptions, quick: 'Quickly.' } };
    expect(() => derive({ ...translated, ...words })).toThrow(/no hand-written schema for quick/);
    expect(() => derive({ ...words, handWritten: { quick: z.boolean() } })).toThrow(/not a translated argument/);
    const input = derive({ ...translated, ...words, handWritten: { quick: z.boolean() } });
    expect(z.object(input).safeParse({ thing_id: 'th_1', dry_run: true, title: 'T', quick: 'yes' }).success).toBe(
      false,
    );
  });

  it('reads the committed document by default', () => {
    expect(OPENAPI_DOCUMENT.paths['/v1/intakes']?.post).toBeDefined();
  });
});
