import { ArgumentsHost, Catch, ExceptionFilter, Inject, Optional } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_TRANSLATORS, ErrorTranslator, toErrorResponse } from '@intake/http';
import { PORTAL_PAGE_HEADERS, PortalPageDocuments } from './portal-page.html';

/**
 * The page route answers people, not programs: its errors are HTML, never the JSON envelope. A 404
 * is the one "no such link" page; anything else is logged like every other error and shown as a
 * generic page with the same status.
 */
@Catch()
export class PortalPageErrorFilter implements ExceptionFilter {
  constructor(
    private readonly documents: PortalPageDocuments,
    @Optional() @Inject(ERROR_TRANSLATORS) private readonly translators: ErrorTranslator[] = [],
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const response = toErrorResponse(exception, String(request.id), this.translators ?? []);
    if (response.unexpected) request.log.error({ err: exception }, 'unexpected error');
    else if (response.status >= 500)
      request.log.warn({ err: exception, error_code: response.body.error }, response.body.message);
    if (reply.sent) return;
    void reply
      .status(response.status)
      .headers({ ...response.headers, ...PORTAL_PAGE_HEADERS })
      .send(response.status === 404 ? this.documents.notFound : this.documents.unavailable);
  }
}
