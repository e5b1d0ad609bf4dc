import { Public } from './public-route';
import { Controller, Get, HttpCode, Inject, Logger, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { checkReadiness, DependencyProbe } from '@intake/application-health';
import { DomainError } from '@intake/errors';
import { HealthResponse, ReadinessResponse } from './probes.dto';
import { ApiErrors } from './api-errors';
import { ApiError } from './error-body.dto';
import { ShutdownState } from './shutdown';

/** The probes this process checks for readiness (each app binds its own list). */
export const READINESS_PROBES = Symbol('READINESS_PROBES');

@ApiTags('probes')
@Public()
@Controller()
export class ProbesController {
  private readonly logger = new Logger('Readiness');

  constructor(
    @Inject(READINESS_PROBES) private readonly probes: DependencyProbe[],
    private readonly shutdown: ShutdownState,
  ) {}

  @Get('healthz')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Liveness: 200 while the process runs.',
    description:
      'For load balancers and orchestrators: answers {status: ok} without touching any dependency. Whether the service can do work is GET /readyz. Public, not counted against any request limit.',
    security: [],
  })
  @ApiOkResponse({ type: HealthResponse })
  health(): HealthResponse {
    return { status: 'ok' };
  }

  @Get('readyz')
  @ApiErrors(
    { error: 'service_unavailable', reason: 'dependency_unavailable' },
    { error: 'service_unavailable', reason: 'shutting_down' },
  )
  @ApiOperation({
    summary: 'Readiness: 200 only when every dependency answers.',
    description:
      'Checks every dependency of the process (for the api: the database, Redis, object storage and the mail transport); 503 dependency_unavailable names the failing ones, 503 shutting_down when the instance received SIGTERM (send work elsewhere), both with Retry-After. Public, not counted against any request limit.',
    security: [],
  })
  @ApiOkResponse({ type: ReadinessResponse })
  @ApiServiceUnavailableResponse({
    type: ApiError,
    description: 'params.failing names the dependencies that did not answer',
  })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessResponse> {
    if (this.shutdown.stopping) {
      void reply.header('cache-control', 'no-store');
      throw new DomainError('service_unavailable', 'Shutting down: send new work to another instance.', {
        reason: 'shutting_down',
        retryAfterSeconds: 5,
      });
    }
    const result = await checkReadiness(this.probes, undefined, (dependency, error) =>
      this.logger.warn(`${dependency} not ready: ${error instanceof Error ? error.message : String(error)}`),
    );
    if (!result.ready) {
      void reply.header('cache-control', 'no-store');
      throw new DomainError('service_unavailable', `Not ready: ${result.failing.join(', ')} did not answer.`, {
        reason: 'dependency_unavailable',
        params: { failing: result.failing, checks: result.checks },
        retryAfterSeconds: 5,
      });
    }
    void reply.header('cache-control', 'no-store');
    return { status: 'ok', checks: result.checks as Record<string, 'ok'> };
  }
}
