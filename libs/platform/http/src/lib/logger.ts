import { type LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import { trace } from '@opentelemetry/api';
import { currentRequestId } from './request-context';

/**
 * Paths pino removes from every log line. Authorization headers, cookies and secret-bearing body
 * fields are never logged, whatever a caller passes to the logger.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'body.password',
  'body.secret',
  'body.token',
  'body.value',
  '*.password',
  '*.secret',
  '*.token',
  '*.api_key',
  '*.apiKey',
  '*.authorization',
  '*.cookie',
  // A failed query carries its bound parameters, which can be item values or secrets.
  'err.parameters',
  'err.driverError.parameters',
  '*.parameters',
];

/** A portal slug: the client's only key to an intake (16 random bytes, base64url). */
const SLUG_SEGMENT = /^[A-Za-z0-9_-]{22}$/;
/** Query parameters that are credentials: the signature of a signed file URL (and its kin). */
const SECRET_QUERY = new Set([
  'sig',
  'signature',
  'token',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
]);
export const REDACTED = '[redacted]';

/**
 * A request URL fit for a log line: every path segment shaped like a portal slug (wherever
 * PORTAL_URL puts the page, and on /portal/v1/:slug whatever its shape) and every credential in
 * the query becomes [redacted]. Logs are read by more people than may open an intake's portal.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const segments = path.split('/');
  const redacted = segments.map((segment, i) => {
    const portalSlug = i >= 2 && segments[i - 2] === 'portal' && segments[i - 1] === 'v1' && segment !== '';
    return portalSlug || SLUG_SEGMENT.test(segment) ? REDACTED : segment;
  });
  if (at < 0) return redacted.join('/');
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as it came
      }
      return eq >= 0 && SECRET_QUERY.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    });
  return `${redacted.join('/')}?${query.join('&')}`;
}

/** What a request line says of its request (Fastify's fields, with the URL redacted). */
function requestSerializer(request: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}): Record<string, unknown> {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export interface LoggerOptions {
  level: string;
  app: string;
  /** Where lines go; stdout by default (tests pass a capture stream). */
  destination?: DestinationStream;
}

/** The process's structured JSON logger; lines written during a request carry its request_id. */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: { app: options.app },
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: REDACTED },
      // Fastify's request logger serialises `req` with these (ours win over its own).
      serializers: { req: requestSerializer },
      // Fastify's request logger binds request_id itself; adding it again would write the key twice.
      // Lines written inside a traced span carry its trace_id (tracing off: no span, nothing added).
      mixin: (_merge, _level, logger) => {
        const requestId = currentRequestId();
        const traceId = trace.getActiveSpan()?.spanContext().traceId;
        const line: Record<string, string> = {};
        if (requestId && !('request_id' in logger.bindings())) line['request_id'] = requestId;
        if (traceId) line['trace_id'] = traceId;
        return line;
      },
    },
    options.destination,
  );
}

/** Routes Nest's own logging (bootstrap, Logger instances) into the pino logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal',
    message: unknown,
    rest: unknown[],
  ): void {
    // Nest passes the context name last, and for errors the stack before it.
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    if (message instanceof Error) {
      this.logger[level]({ context, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ context, ...(message as Record<string, unknown>) });
    } else {
      const stack = level === 'error' && rest.length > 1 && typeof rest[0] === 'string' ? rest[0] : undefined;
      this.logger[level]({ context, ...(stack ? { stack } : {}) }, String(message));
    }
  }
}
