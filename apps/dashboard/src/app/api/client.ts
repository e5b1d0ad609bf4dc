import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '@intake/sdk-types';
import { failureOf, NetworkFailure } from './failures';
import { csrfToken, needsCsrfToken } from './csrf';
import { rateLimitRecorder } from './rate-limit';

/**
 * The API, typed by the OpenAPI document (the SDK's generated `paths`; only its types are
 * imported, its runtime is for Node). The dashboard is served from the api's own origin: the
 * session cookie goes along (`same-origin`), and unsafe methods carry the CSRF double-submit
 * header. Another client than @intake/sdk's, which sends an API key as Bearer instead.
 */
export const api = createClient<paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });

const csrf: Middleware = {
  onRequest({ request }) {
    if (!needsCsrfToken(request.method)) return undefined;
    const token = csrfToken(document.cookie);
    if (token) request.headers.set('X-CSRF-Token', token);
    return request;
  },
};
api.use(csrf, rateLimitRecorder);

/** openapi-fetch's answer: the body on success, the error body otherwise. */
interface Answer<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/** The body of a successful answer; an error answer throws ApiFailure, no answer NetworkFailure. */
export async function unwrap<Data>(call: Promise<Answer<Data>>): Promise<Data> {
  let answer: Answer<Data>;
  try {
    answer = await call;
  } catch (cause) {
    throw new NetworkFailure(cause);
  }
  if (!answer.response.ok) throw failureOf(answer.response.status, answer.error);
  return answer.data as Data;
}
