import { ArgumentsHost, Catch, ExceptionFilter, Inject, Optional } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_TRANSLATORS, ErrorTranslator, toErrorResponse } from './error-envelope';

/** Sends any error as the spec's envelope; an unexpected one is logged in full with its request id. */
export function sendError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  translators: readonly ErrorTranslator[],
): void {
  const response = toErrorResponse(error, String(request.id), translators);
  if (response.unexpected) {
    request.log.error({ err: error }, 'unexpected error');
  } else if (response.status >= 500) {
    request.log.warn({ err: error, error_code: response.body.error }, response.body.message);
  }
  if (reply.sent) return;
  void reply
    .status(response.status)
    .headers(response.headers)
    .header('content-type', 'application/json; charset=utf-8')
    .send(response.body);
}

@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  constructor(
    @Optional()
    @Inject(ERROR_TRANSLATORS)
    private readonly translators: ErrorTranslator[] = [],
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendError(exception, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), this.translators ?? []);
  }
}
