import { randomUUID } from 'node:crypto';
import createFetchClient, { type MaybeOptionalInit, type Middleware, type ParseAsResponse } from 'openapi-fetch';
import type {
  HttpMethod,
  MediaType,
  PathsWithMethod,
  Readable,
  RequiredKeysOf,
  ResponseObjectMap,
  SuccessResponse,
} from 'openapi-typescript-helpers';
import type { paths } from '../generated/openapi';
import { IDEMPOTENT_OPERATIONS, PAGINATED_LISTS } from '../generated/operations';
import { IntakeApiError, IntakeNetworkError, retryAfterSeconds } from './errors';
import { isRepeatable, nextDelay, RETRY_DEFAULTS, type Failure, type RetryOptions } from './retry';

export interface IntakeClientOptions {
  /** The deployment's address, e.g. `https://intake.example.com` (no trailing `/v1`). */
  baseUrl: string;
  /** An API key (`svc_live_…` or `svc_test_…`), sent as `Authorization: Bearer`. */
  apiKey: string;
  retry?: RetryOptions;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** Waits between attempts; `setTimeout` by default. */
  sleep?: (milliseconds: number) => Promise<void>;
  /** Jitter source in [0, 1); `Math.random` by default. */
  random?: () => number;
  /** New `Idempotency-Key` values; random UUIDs by default. */
  idempotencyKey?: () => string;
}

/** openapi-fetch's init argument: optional when the operation requires nothing. */
type InitParam<Init> =
  RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/** The body of a successful answer (errors are thrown as `IntakeApiError`). */
type Data<Operation, Init> =
  ResponseObjectMap<Operation> extends infer Responses extends Record<string | number, unknown>
    ? ParseAsResponse<Readable<SuccessResponse<Responses, MediaType>>, Init>
    : never;

type Call<Method extends HttpMethod> = <
  Path extends PathsWithMethod<paths, Method>,
  Init extends MaybeOptionalInit<paths[Path], Method>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<Data<paths[Path][Method], Init>>;

export type PaginatedPath = keyof typeof PAGINATED_LISTS;
type Page<Path extends PaginatedPath> = NonNullable<
  paths[Path]['get']['responses'][200]['content']['application/json']
>;
/** One entry of a paged list: the element type of the page's array property. */
export type EntryOf<Path extends PaginatedPath> =
  Page<Path> extends Record<(typeof PAGINATED_LISTS)[Path], ReadonlyArray<infer Entry>> ? Entry : never;
type ListQuery<Path extends PaginatedPath> = Omit<
  NonNullable<paths[Path]['get']['parameters']['query']>,
  'limit' | 'offset'
>;

export interface IntakeClient {
  GET: Call<'get'>;
  POST: Call<'post'>;
  PUT: Call<'put'>;
  PATCH: Call<'patch'>;
  DELETE: Call<'delete'>;
  /**
   * Every entry of a paged list, fetching page after page (`limit` 100 unless given) until the
   * `total` is reached. Offset paging over a list that changes meanwhile may skip or repeat an
   * entry; filter by a fixed criterion when that matters.
   */
  paginate<Path extends PaginatedPath>(
    path: Path,
    options?: { query?: ListQuery<Path>; pageSize?: number },
  ): AsyncGenerator<EntryOf<Path>, void, undefined>;
}

const sleepFor = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

/**
 * A typed client of the api. Every call resolves with the answer's body or throws an
 * `IntakeApiError` carrying the api's error envelope (an `IntakeNetworkError` when no answer came).
 *
 * - Every POST carries an `Idempotency-Key` (generated unless the call sets one).
 * - 429 is tried again for any request (the api refused it before doing anything), honouring
 *   `Retry-After` up to `retry.maxRetryAfterSeconds`; 503 and network errors only for requests
 *   that are safe to repeat: GET, PUT, DELETE, and the operations that honour the key
 *   (`IDEMPOTENT_OPERATIONS`, read from the OpenAPI document). Back-off: exponential with full
 *   jitter; 4 attempts in all by default.
 */
export function createIntakeClient(options: IntakeClientOptions): IntakeClient {
  const retry = { ...RETRY_DEFAULTS, ...options.retry };
  const baseFetch = options.fetch ?? ((request: Request) => fetch(request));
  const sleep = options.sleep ?? sleepFor;
  const random = options.random ?? Math.random;
  const newKey = options.idempotencyKey ?? randomUUID;
  /** Requests that may be sent twice, marked by the middleware, which knows the operation. */
  const repeatable = new WeakSet<Request>();

  const prepare: Middleware = {
    onRequest({ request, schemaPath }) {
      if (request.method === 'POST' && !request.headers.has('idempotency-key'))
        request.headers.set('idempotency-key', newKey());
      const honoured =
        IDEMPOTENT_OPERATIONS.has(`${request.method} ${schemaPath}`) && request.headers.has('idempotency-key');
      if (isRepeatable(request.method, honoured)) repeatable.add(request);
      return request;
    },
    async onResponse({ response }) {
      if (!response.ok) throw await IntakeApiError.fromResponse(response);
      return undefined;
    },
  };

  async function send(request: Request): Promise<Response> {
    const mayRepeat = repeatable.has(request);
    for (let attempt = 1; ; attempt += 1) {
      let failure: Failure;
      try {
        const response = await baseFetch(request.clone());
        if (response.status !== 429 && response.status !== 503) return response;
        failure = { kind: 'status', status: response.status, retryAfterSeconds: retryAfterSeconds(response.headers) };
        const delay = nextDelay(failure, attempt, mayRepeat, retry, random);
        if (delay === null) return response;
        await response.body?.cancel();
        await sleep(delay);
      } catch (error) {
        failure = { kind: 'network' };
        const delay = nextDelay(failure, attempt, mayRepeat, retry, random);
        if (delay === null) throw new IntakeNetworkError(request.method, request.url, error);
        await sleep(delay);
      }
    }
  }

  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: send,
    headers: { authorization: `Bearer ${options.apiKey}` },
  });
  client.use(prepare);

  const call =
    <Method extends HttpMethod>(method: Method): Call<Method> =>
    async (url, ...init) => {
      const result = await (
        client.request as (method: string, url: string, init?: unknown) => Promise<{ data?: unknown }>
      )(method, url, init[0]);
      return result.data as never;
    };

  const GET = call('get');

  async function* paginate<Path extends PaginatedPath>(
    path: Path,
    { query, pageSize = 100 }: { query?: ListQuery<Path>; pageSize?: number } = {},
  ): AsyncGenerator<EntryOf<Path>, void, undefined> {
    const property = PAGINATED_LISTS[path];
    for (let offset = 0; ; ) {
      const page = (await (GET as (url: string, init: unknown) => Promise<Record<string, unknown>>)(path, {
        params: { query: { ...query, limit: pageSize, offset } },
      })) as { total: number } & Record<string, unknown>;
      const entries = page[property] as Array<EntryOf<Path>>;
      yield* entries;
      offset += entries.length;
      if (entries.length === 0 || offset >= page.total) return;
    }
  }

  return { GET, POST: call('post'), PUT: call('put'), PATCH: call('patch'), DELETE: call('delete'), paginate };
}
