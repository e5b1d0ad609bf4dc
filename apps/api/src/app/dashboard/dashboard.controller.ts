import { Controller, Get, Req, Res, Param } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@intake/errors';
import { Public, PUBLIC_STATIC } from '@intake/http';
import { acceptsGzip, DashboardFiles, isPagePath } from './dashboard-files';

/** The paths the single-page app must not answer (see DashboardModule). */
export abstract class DashboardRoutes {
  abstract readonly appPath: string;
  abstract readonly reserved: readonly string[];
}

const noSuchRoute = () => new DomainError('not_found', 'No such route or resource.');

/**
 * The owner dashboard at APP_URL: its hashed files under assets/, and index.html for every page
 * path (the app routes in the browser). HTML and scripts for people, so not part of the OpenAPI
 * document; public, as the page itself holds nothing (the data comes from /v1 with the session).
 */
@ApiExcludeController()
@Public()
@Controller()
export class DashboardController {
  constructor(
    private readonly files: DashboardFiles,
    private readonly routes: DashboardRoutes,
  ) {}

  @Get('assets/:file')
  @RouteConfig(PUBLIC_STATIC)
  asset(
    @Param('file') file: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Buffer {
    const answer = this.files.asset(file, acceptsGzip(request.headers['accept-encoding']));
    if (!answer) throw noSuchRoute();
    void reply.headers(answer.headers);
    return answer.body;
  }

  @Get()
  home(@Res({ passthrough: true }) reply: FastifyReply): string {
    return this.page(reply);
  }

  @Get('*')
  anyPage(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): string {
    const path = request.url.split('?')[0] ?? '';
    if (!isPagePath(path, this.routes)) throw noSuchRoute();
    return this.page(reply);
  }

  private page(reply: FastifyReply): string {
    const page = this.files.page();
    if (!page)
      throw new DomainError('not_found', 'The dashboard is not built on this server (npx nx build dashboard).');
    void reply.headers(page.headers);
    return page.body;
  }
}
