/**
 * Which REST operation a tool calls and where each of its arguments goes: the tool's input schema
 * is derived from that operation's parameters and request body in the OpenAPI document
 * (openapi-input.ts, checked by tools.spec.ts), so a tool cannot drift from the route it wraps.
 */
export interface RestBinding {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The OpenAPI path, e.g. `/v1/intakes/{id}/status`. */
  path: string;
  /** Tool argument → path parameter (`intake_id` → `id`). */
  pathParams?: Readonly<Record<string, string>>;
  /** Arguments sent as query parameters of the same name. */
  query?: readonly string[];
  /** Arguments sent as request body properties of the same name. */
  body?: readonly string[];
  /** Arguments the tool turns into another parameter (`reveal_secrets` → `exclude_secrets`), with the target: their schemas are hand-written. */
  translated?: Readonly<Record<string, string>>;
  /** Parameters or body properties of the operation the tool does not offer, each with why. */
  omitted?: Readonly<Record<string, string>>;
}
