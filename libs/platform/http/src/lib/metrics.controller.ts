import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '@intake/config';
import { Metrics, metricsResponse } from './metrics';
import { Public } from './public-route';

/** GET /metrics on the scheduler's and dispatcher's probe ports (the api has METRICS_PORT). */
@ApiExcludeController()
@Public()
@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('metrics')
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const answer = await metricsResponse(this.metrics, this.config.metricsToken, authorization);
    await reply.code(answer.status).header('content-type', answer.contentType).send(answer.body);
  }
}
