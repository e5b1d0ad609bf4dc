import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { catchError, type Observable, throwError } from 'rxjs';
import { PortalGuessing } from '@intake/application-portal';

/**
 * Every route that takes a portal link: the client address is checked before the link is looked
 * up (429 portal_throttled while it must wait, whatever the link), and an unknown-link 404 is
 * counted against it. The count is written beside the answer, not before it, so an unknown link
 * is answered no later than a known one (its failure write is not on the response's path).
 */
@Injectable()
export class PortalThrottle implements NestInterceptor {
  constructor(private readonly guessing: PortalGuessing) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const ip = context.switchToHttp().getRequest<FastifyRequest>().ip ?? null;
    await this.guessing.check(ip);
    return next.handle().pipe(
      catchError((error: unknown) => {
        // RedisFailureCounter never throws (it counts in the process while Redis is away).
        void this.guessing.recordMiss(ip, error).catch(() => undefined);
        return throwError(() => error);
      }),
    );
  }
}
