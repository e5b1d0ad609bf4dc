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

export const REDACTED = '[redacted]';

/** What Fastify hands the `req` serializer: its request, after routing. */
interface LoggedRequest {
  method?: string;
  ip?: string;
  routeOptions?: { url?: string };
}

/**
 * A request as its log lines show it: the method and the route's pattern, never the URL. A URL
 * can be a credential (a portal slug, a signed file URL's signature, an invitation link) or
 * personal data (a search for a client's name), and logs are rarely guarded like the database;
 * Fastify's own serializer writes the URL whole. Nothing a client sends reaches a request line,
 * so none of it can forge one. The request id ties a line to everything else.
 */
export function serializeRequest(request: LoggedRequest): Record<string, string | undefined> {
  return {
    method: request.method,
    route: request.routeOptions?.url ?? 'unmatched',
    remoteAddress: request.ip,
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
      serializers: { req: serializeRequest },
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
