import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { type Json, type OpenApiDocument, type Operation, resolve, type Schema, isOpen } from './document';

/**
 * What every answer must be, judged from the document alone: never a 5xx; a status the operation
 * declares; an error in the envelope, with a request id, among the operation's x-errors; a body
 * valid against the declared schema (Ajv, JSON Schema 2020-12, over the document's components);
 * and a request generated as valid never refused for its shape.
 */

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/**
 * 422s for rules that span fields or depend on stored state, which a JSON Schema cannot state and
 * the document states in prose (its operations' descriptions): a body valid by the schema may still meet them. Each is
 * matched on the refusal's detail (its field and message).
 */
const BUSINESS_RULES: Array<{ path?: RegExp; message?: RegExp; why: string }> = [
  { message: /^is only accepted with chase_schedule custom$/, why: 'chase_interval(_unit) only with custom' },
  { message: /^requires chase_schedule custom/, why: 'chase_at_time only with a custom whole-day interval' },
  { message: /^is required when chase_interval_unit is given$/, why: 'the unit alone says nothing' },
  { message: /^must make an interval of at least 5 minutes/, why: 'chase_interval × unit within 5 min…90 days' },
  { message: /^is only accepted with mode days$/, why: 'retention.days only with mode days' },
  { message: /^is not a template of this account$/, why: 'a slug of the account’s saved templates' },
  { message: /^duplicates /, why: 'unique keys and addresses across a list' },
  { message: /^is not accepted for type |^is only accepted on owner-assigned items$/, why: 'per item type' },
  { message: /^is not accepted: item "[^"]*" takes /, why: 'whether an item takes files depends on its type' },
  { path: /^value($|[.[])/, why: 'an answer is checked against the stored item’s type, options and constraints' },
  { path: /^files?($|[.[])/, why: 'an upload is checked against the item’s type and constraints; submit needs one' },
  { path: /^url$/, why: 'a webhook URL’s address safety: scheme, port, user info, internal hosts (issue #13)' },
  {
    path: /^mode$/,
    message: /^a (live|test) key registers \1 endpoints only/,
    why: 'a webhook endpoint’s mode: an API key may name only its own (issue #29)',
  },
  {
    path: /^frozen_time$/,
    message: /^(must be later than|may be at most two years after) the clock's frozen_time/,
    why: 'a test clock advances forward only, two years at most, from its stored frozen time (issue #30)',
  },
];

const FORMATS_AJV_KNOWS = new Set([
  ...['date', 'time', 'date-time', 'iso-time', 'iso-date-time', 'duration', 'uri', 'uri-reference', 'uri-template'],
  ...['url', 'email', 'hostname', 'ipv4', 'ipv6', 'regex', 'uuid', 'json-pointer', 'json-pointer-uri-fragment'],
  ...['relative-json-pointer', 'byte', 'int32', 'int64', 'float', 'double', 'password', 'binary'],
]);

function formatsIn(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => formatsIn(n, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'format' && typeof value === 'string') found.add(value);
      else formatsIn(value, found);
    }
  }
  return found;
}

const DOCUMENT_ID = 'https://fuzz.invalid/openapi.json';

/**
 * The security headers of every answer (issue #28), success or error, whoever asks: nosniff and
 * no referrer always; never stored by a cache. No operation of the document is cacheable: each
 * answers to credentials, a portal slug or a signed URL, or is small enough not to matter. One
 * made cacheable on purpose would be listed here, and only for requests without credentials.
 */
const CACHEABLE_WITHOUT_CREDENTIALS: ReadonlySet<string> = new Set();

function checkHeaders(answer: Answer, credentials: boolean, operationName = ''): string[] {
  const problems: string[] = [];
  const header = (name: string) => String(answer.headers[name] ?? '');
  if (header('x-content-type-options') !== 'nosniff')
    problems.push(`answered ${answer.status} without X-Content-Type-Options: nosniff`);
  if (header('referrer-policy') !== 'no-referrer')
    problems.push(`answered ${answer.status} without Referrer-Policy: no-referrer`);
  const cacheable = !credentials && CACHEABLE_WITHOUT_CREDENTIALS.has(operationName);
  if (!cacheable && !/\bno-store\b/.test(header('cache-control'))) {
    problems.push(
      `answered ${answer.status}${credentials ? ' to credentials' : ''} with Cache-Control "${header('cache-control')}", not no-store`,
    );
  }
  return problems;
}

export class Oracle {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<Schema, ValidateFunction>();
  private readonly envelope: ValidateFunction;

  constructor(private readonly document: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    // A format Ajv does not know (one of ours) constrains nothing it could check.
    for (const format of formatsIn(document)) if (!FORMATS_AJV_KNOWS.has(format)) this.ajv.addFormat(format, true);
    this.ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
    this.envelope = this.validator({ $ref: '#/components/schemas/ApiError' });
  }

  /** Ajv's validator of a schema of the document (its `$ref`s point into the components). */
  validator(schema: Schema): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`));
      validate = this.ajv.compile(rebased);
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  /** Whether a JSON body is valid against the operation's request schema. */
  validRequest(operation: Operation, body: Json | undefined): boolean {
    const schema = operation.body['application/json'];
    if (!schema) return true;
    if (body === undefined) return !operation.bodyRequired;
    return this.validator(schema)(body) === true;
  }

  /**
   * The problems with one answer; empty when it is as the document says. `credentials`: the
   * request carried an Authorization header or a cookie.
   */
  check(operation: Operation, answer: Answer, sentValid: boolean, credentials = false): string[] {
    const problems: string[] = [...checkHeaders(answer, credentials, operation.name)];
    const { status } = answer;
    if (status >= 500) problems.push(`answered ${status} (a server error)`);
    if (!operation.responses.has(status)) {
      problems.push(`answered ${status}, which the operation does not declare (${[...operation.responses.keys()]})`);
    }
    const contentType = String(answer.headers['content-type'] ?? '');
    let body: Json | undefined;
    if (answer.body.length > 0 && contentType.startsWith('application/json')) {
      try {
        body = JSON.parse(answer.body) as Json;
      } catch {
        problems.push('answered a body that is not JSON although its Content-Type says so');
      }
    }
    if (status >= 400) problems.push(...this.checkError(operation, answer, body));
    const schema = operation.responses.get(status);
    if (schema && status < 400) {
      if (body === undefined) problems.push(`answered ${status} without the JSON body the document declares`);
      else if (!this.validator(schema)(body)) {
        problems.push(
          `${status} body does not match its schema: ${this.ajv.errorsText(this.validator(schema).errors)}`,
        );
      }
    }
    const text = operation.textResponses.get(status);
    if (text && status < 400) {
      if (!contentType.startsWith(text))
        problems.push(`answered ${status} as "${contentType}", not the declared ${text}`);
      if (answer.body.length === 0) problems.push(`answered ${status} without the ${text} body the document declares`);
    }
    if (status === 204 && answer.body.length > 0) problems.push('answered 204 with a body');
    if (sentValid) problems.push(...this.checkAccepted(operation, status, body));
    return problems;
  }

  private checkError(operation: Operation, answer: Answer, body: Json | undefined): string[] {
    if (body === undefined || typeof body !== 'object' || body === null || Array.isArray(body)) {
      return [`error ${answer.status} is not the JSON error envelope: ${answer.body.slice(0, 200)}`];
    }
    const problems: string[] = [];
    if (!this.envelope(body)) problems.push(`error envelope invalid: ${this.ajv.errorsText(this.envelope.errors)}`);
    const { error, reason, request_id: requestId } = body as Record<string, Json>;
    if (typeof requestId !== 'string' || requestId === '') problems.push('error envelope without a request_id');
    else if (answer.headers['x-request-id'] !== requestId) problems.push('request_id differs from X-Request-Id');
    const documented = operation.errors.some(
      (e) => e.status === answer.status && e.error === error && (e.reason ?? undefined) === (reason ?? undefined),
    );
    if (!documented) {
      problems.push(
        `error ${answer.status} ${String(error)}${reason ? `/${String(reason)}` : ''} is not among the operation's x-errors`,
      );
    }
    return problems;
  }

  /** The converse check: a request valid by the document's schema is not refused for its shape. */
  private checkAccepted(operation: Operation, status: number, body: Json | undefined): string[] {
    if (status === 415) return [`refused a request valid by the document's schema (415 unsupported_media_type)`];
    if (status !== 400 && status !== 422) return [];
    const envelope = (body ?? {}) as {
      error?: string;
      reason?: string;
      details?: Array<{ path: string; message: string }>;
    };
    const shapeReasons = ['validation_failed', 'malformed_json', 'body_too_large'];
    if (!envelope.reason || !shapeReasons.includes(envelope.reason)) return [];
    const details = envelope.details ?? [];
    const unexcused = details.filter((d) => !this.excused(operation, d));
    if (details.length > 0 && unexcused.length === 0) return [];
    const what = unexcused.map((d) => `${d.path} ${d.message}`).join('; ') || envelope.reason;
    return [`refused a request valid by the document's schema (${status} ${envelope.reason}): ${what}`];
  }

  /** A refusal at a place whose shape the document leaves open, or of a documented business rule. */
  /**
   * A refusal the request's shape cannot answer for: a documented business rule; a field whose
   * shape the document leaves open; or a field the request schema does not have, which names
   * what the server stores (a changed item type's options), not what was sent.
   */
  private excused(operation: Operation, { path, message }: { path: string; message: string }): boolean {
    const rule = BUSINESS_RULES.find((r) => (r.path?.test(path) ?? true) && (r.message?.test(message) ?? true));
    if (rule) return true;
    const steps = path.split(/\.|\[(\d+)\]/).filter((s) => s !== undefined && s !== '');
    if (operation.parameters.some((p) => p.name === steps[0])) return false;
    let schema: Schema | undefined = operation.body['application/json'];
    if (!schema) return false;
    for (const step of steps) {
      schema = resolve(this.document, schema);
      if (isOpen(schema)) return true;
      schema = /^\d+$/.test(step) ? schema.items : schema.properties?.[step];
      if (!schema) return true;
    }
    return isOpen(resolve(this.document, schema));
  }
}
