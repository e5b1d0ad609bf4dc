import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { sample } from 'openapi-sampler';
import { type Environment } from '@intake/config';
import { SCOPES, type Scope } from '@intake/domain-accounts';
import { multipart, pdf } from '@intake/testing';

export type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
export type Via = 'any' | 'session' | 'key';

/** An operation's `x-access` when it is not public. */
export interface Restricted {
  via: Via;
  scope: Scope | null;
  role: 'owner' | null;
  /** The 403 reason for a member's session when not `owner_only`. */
  role_reason?: 'owner_only' | 'secrets_owner_only';
  /** `test`: test keys only; a live key is 404 as if nothing were there (test clocks). */
  mode?: 'test';
  description: string;
}

type Schema = Record<string, unknown>;
interface OperationObject {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  'x-access'?: unknown;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Operation {
  method: Method;
  /** The OpenAPI path: `/v1/intakes/{id}`. */
  path: string;
  /** `PATCH /v1/intakes/{id}`: names the tests. */
  name: string;
  /** As declared; undefined when missing (the matrix then fails that operation). */
  access: unknown;
  pathParams: string[];
  object: OperationObject;
}

const METHODS: readonly Method[] = ['GET', 'PUT', 'POST', 'PATCH', 'DELETE'];
export const isUnsafe = (method: Method) => method !== 'GET';

/**
 * The api's OpenAPI document for `env`, built synchronously in a child process: Jest needs the
 * operations while it collects tests, before any hook could start the api and ask it. The matrix's
 * first test checks that the api under test serves exactly this document.
 */
export function loadOpenApiDocument(env: Environment): OpenApiDocument {
  const root = join(__dirname, '..', '..', '..');
  const output = execFileSync(
    process.execPath,
    [
      '-r',
      require.resolve('@swc-node/register'),
      join(__dirname, '..', 'src', 'print-openapi.ts'),
      JSON.stringify(env),
    ],
    {
      cwd: root,
      env: { ...process.env, SWC_NODE_PROJECT: join(root, 'tsconfig.base.json') },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 60_000,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return JSON.parse(output.toString('utf8')) as OpenApiDocument;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method.toLowerCase()]).map((method) => {
      const object = item[method.toLowerCase()] as OperationObject;
      return {
        method,
        path,
        name: `${method} ${path}`,
        access: object['x-access'],
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string),
        object,
      };
    }),
  );
}

/** The problems of a declared `x-access`, none when it is well formed. */
export function accessProblems(access: unknown): string[] {
  if (access === undefined) return ['declares no x-access'];
  const a = access as Record<string, unknown>;
  if (a['public'] === true) return [];
  if (a['via'] === 'provider') return providerProblems(a);
  const problems: string[] = [];
  if (!['any', 'session', 'key'].includes(a['via'] as string)) problems.push(`x-access.via is ${String(a['via'])}`);
  if (a['scope'] !== null && !SCOPES.includes(a['scope'] as Scope)) problems.push(`x-access.scope is ${a['scope']}`);
  if (a['role'] !== null && a['role'] !== 'owner') problems.push(`x-access.role is ${String(a['role'])}`);
  if (a['role_reason'] !== undefined && !['owner_only', 'secrets_owner_only'].includes(a['role_reason'] as string)) {
    problems.push(`x-access.role_reason is ${String(a['role_reason'])}`);
  }
  if (a['mode'] !== undefined && a['mode'] !== 'test') problems.push(`x-access.mode is ${String(a['mode'])}`);
  if (a['mode'] === 'test' && a['via'] !== 'key') problems.push('x-access.mode test needs via key');
  if (typeof a['description'] !== 'string') problems.push('x-access.description is missing');
  return problems;
}

/**
 * A route of a service outside any account (the mail provider): it names the deployment's shared
 * secret it takes. The account rules do not apply to it; its own tests check the secret.
 */
function providerProblems(a: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (typeof a['secret'] !== 'string' || !/^[A-Z][A-Z0-9_]+$/.test(a['secret'])) {
    problems.push(`x-access.secret is ${String(a['secret'])}, not an environment variable`);
  }
  if (typeof a['description'] !== 'string') problems.push('x-access.description is missing');
  return problems;
}

/** Called with an account's credentials (a key or a session): the matrix's rules apply. */
export const isRestricted = (access: unknown): access is Restricted =>
  access !== undefined &&
  (access as { public?: boolean }).public !== true &&
  (access as { via?: unknown }).via !== 'provider' &&
  accessProblems(access).length === 0;

const SAMPLING = { skipNonRequired: true, skipReadOnly: true, quiet: true } as const;

const resolve = (schema: Schema, document: OpenApiDocument): Schema => {
  const ref = schema['$ref'];
  if (typeof ref !== 'string') return schema;
  return document.components?.schemas?.[ref.replace('#/components/schemas/', '')] ?? schema;
};

/**
 * The smallest valid-looking JSON body the document describes (its examples, required fields), and
 * for an object of optional fields only (a PATCH) its first field, as such a change needs one.
 */
export function sampleJson(schema: Schema, document: OpenApiDocument): unknown {
  const value = sample(schema as never, SAMPLING, document);
  const properties = resolve(schema, document)['properties'] as Record<string, Schema> | undefined;
  if (value && typeof value === 'object' && Object.keys(value).length === 0 && properties) {
    const [first] = Object.entries(properties);
    if (first) return { [first[0]]: sample(first[1] as never, { ...SAMPLING, skipNonRequired: false }, document) };
  }
  return value;
}

export interface Body {
  payload: string | Buffer;
  headers: Record<string, string>;
}

/** The request body an operation takes, from its request schema; undefined when it takes none. */
export function bodyOf(operation: Operation, document: OpenApiDocument): Body | undefined {
  const content = operation.object.requestBody?.content;
  if (!content) return undefined;
  const json = content['application/json'];
  if (json?.schema) {
    return {
      payload: JSON.stringify(sampleJson(json.schema, document)),
      headers: { 'content-type': 'application/json' },
    };
  }
  const form = content['multipart/form-data'];
  if (form?.schema) {
    const properties = Object.entries((resolve(form.schema, document)['properties'] ?? {}) as Record<string, Schema>);
    const field = (properties.find(([, s]) => s['format'] === 'binary') ?? properties[0])?.[0] ?? 'file';
    return multipart(field, 'brief.pdf', pdf('access matrix'));
  }
  throw new Error(`${operation.name}: no body for content types ${Object.keys(content).join(', ')}`);
}

/** The operation's required query parameters, sampled (none today; a new one must not 422 the matrix). */
export function queryOf(operation: Operation, document: OpenApiDocument): Record<string, string> {
  const required = (operation.object.parameters ?? []).filter((p) => p.in === 'query' && p.required);
  return Object.fromEntries(
    required.map((p) => [p.name, String(sample((p.schema ?? {}) as never, SAMPLING, document))]),
  );
}
