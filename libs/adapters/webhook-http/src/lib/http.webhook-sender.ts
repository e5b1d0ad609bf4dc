import { type LookupAddress, type LookupOptions } from 'node:dns';
import { type LookupFunction } from 'node:net';
import { type OnApplicationShutdown } from '@nestjs/common';
import { Agent, request } from 'undici';
import { withStoredParent } from '@intake/tracing';
import { type AttemptResult, type WebhookRequest, WebhookSender } from '@intake/application-webhooks';
import { checkAddress, checkWebhookUrl } from '@intake/domain-webhooks';
import { type HostResolver, type ResolvedAddress, SystemHostResolver } from './system.host-resolver';

/** The receiver's time-out (docs/contexts/webhooks.md, "Webhooks: delivery"): the answer must be complete within 10 seconds. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The most of an answer read; the rest is never downloaded (the connection is dropped instead). */
export const MAX_ANSWER_BYTES = 4096;
export const USER_AGENT = 'Service-Webhook/1.0';

export interface HttpWebhookSenderOptions {
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: loopback and private addresses allowed (tests, development). */
  allowPrivateNetworks: boolean;
  /** One time-out for connecting, the headers and the body together. */
  timeoutMs?: number;
  maxAnswerBytes?: number;
  resolver?: HostResolver;
}

/** A host name that resolves to an address the service never connects to. */
class UnsafeAddressError extends Error {
  readonly code = 'EUNSAFEADDRESS';
}

class AnswerTimeout extends Error {}

/**
 * The dispatcher's HTTP client (undici): one Agent, so connections to a host are kept alive and
 * reused across deliveries. Each attempt checks the URL (scheme, port, user info, IP literals,
 * which never reach the resolver), and each new connection resolves the host once, refuses it if
 * any of its addresses is unsafe, and connects to an address it checked: no DNS-rebinding window
 * between the check and the connection. Redirects are never followed (undici's `request` has no
 * redirect handling unless asked). An attempt never throws: whatever went wrong is its `error`.
 */
export class HttpWebhookSender extends WebhookSender implements OnApplicationShutdown {
  private readonly agent: Agent;
  private closing: Promise<void> | undefined;
  private readonly timeoutMs: number;
  private readonly maxAnswerBytes: number;
  private readonly resolver: HostResolver;

  constructor(private readonly options: HttpWebhookSenderOptions) {
    super();
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    this.maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
    this.resolver = options.resolver ?? new SystemHostResolver();
    this.agent = new Agent({
      connect: { lookup: this.lookup, timeout: this.timeoutMs },
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
    });
  }

  /** The time-out in force (the dispatcher's e2e test shows the configured default). */
  get timeout(): number {
    return this.timeoutMs;
  }

  /** In a span continuing the event's trace (tracing on): undici's instrumentation sends `traceparent` on. */
  send(delivery: WebhookRequest): Promise<AttemptResult> {
    return withStoredParent('webhook.deliver', delivery.traceparent ?? null, () => this.post(delivery));
  }

  private async post(delivery: WebhookRequest): Promise<AttemptResult> {
    const checked = checkWebhookUrl(delivery.url, { allowPrivateNetworks: this.options.allowPrivateNetworks });
    if (!checked.ok) return { response_code: null, error: checked.reason };
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new AnswerTimeout()), this.timeoutMs);
    let code: number | null = null;
    try {
      const response = await request(checked.url, {
        dispatcher: this.agent,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'x-service-event': delivery.event,
          'x-service-signature': delivery.signature,
          'x-service-delivery': delivery.deliveryId,
        },
        body: delivery.body,
        signal: abort.signal,
      });
      code = response.statusCode;
      await this.readSome(response.body);
      return { response_code: code, error: code >= 200 && code < 300 ? null : describeStatus(code) };
    } catch (error) {
      return { response_code: code, error: this.describeFailure(error, abort.signal.aborted, code) };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Closes the kept-alive connections, once (at shutdown, after the sends in flight). */
  close(): Promise<void> {
    this.closing ??= this.agent.close();
    return this.closing;
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /**
   * Reads at most `maxAnswerBytes` of the answer. A short answer read to its end leaves the
   * connection reusable; a longer one is cut off, which drops its connection.
   */
  private async readSome(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<void> {
    let read = 0;
    for await (const chunk of body) {
      read += chunk.length;
      if (read > this.maxAnswerBytes) {
        body.destroy();
        return;
      }
    }
  }

  /** node:net's lookup hook: resolve once, check every address, hand back only checked ones. */
  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.safeAddresses(hostname, options).then(
      (addresses) => {
        const [first] = addresses as [ResolvedAddress];
        if (options.all) callback(null, addresses as LookupAddress[]);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };

  private async safeAddresses(hostname: string, options: LookupOptions): Promise<ResolvedAddress[]> {
    const all = await this.resolver.resolve(hostname);
    for (const { address } of all) {
      const verdict = checkAddress(address, { allowPrivateNetworks: this.options.allowPrivateNetworks });
      if (!verdict.ok) {
        throw new UnsafeAddressError(`the host ${hostname} resolves to an unsafe address: ${verdict.reason}`);
      }
    }
    const family = options.family === 4 || options.family === 6 ? options.family : undefined;
    const usable = all.filter((a) => family === undefined || a.family === family);
    if (usable.length === 0)
      throw Object.assign(new Error(`the host ${hostname} has no address`), { code: 'ENOTFOUND' });
    return usable;
  }

  private describeFailure(error: unknown, timedOut: boolean, code: number | null): string {
    const seconds = this.timeoutMs / 1000;
    const failure = rootCause(error);
    if (timedOut || /TIMEOUT/i.test(failure.code ?? '')) {
      return code === null
        ? `no answer within ${seconds} seconds`
        : `the answer (HTTP ${code}) did not finish within ${seconds} seconds`;
    }
    if (failure instanceof UnsafeAddressError) return failure.message;
    switch (failure.code) {
      case 'ECONNREFUSED':
        return 'the connection was refused (ECONNREFUSED)';
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
      case 'EAI_NONAME':
        return `the host name could not be resolved (${failure.code})`;
      case 'ECONNRESET':
      case 'UND_ERR_SOCKET':
      case 'EPIPE':
        return `the connection was closed before the answer (${failure.code})`;
      default:
        return failure.code ? `${failure.message} (${failure.code})` : failure.message || 'the request failed';
    }
  }
}

/** The non-2xx answers, as the delivery log says them. */
function describeStatus(code: number): string {
  if (code >= 300 && code < 400) return `the receiver answered HTTP ${code}; redirects are not followed`;
  return `the receiver answered HTTP ${code}`;
}

type ErrorLike = { message: string; code?: string; cause?: unknown };

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/** The innermost error of a chain (undici wraps socket errors in `cause`). */
function rootCause(error: unknown): ErrorLike {
  let current = error;
  for (let depth = 0; depth < 5; depth += 1) {
    if (current instanceof UnsafeAddressError) break;
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (!isErrorLike(cause)) break;
    current = cause;
  }
  return isErrorLike(current) ? current : { message: String(current) };
}
