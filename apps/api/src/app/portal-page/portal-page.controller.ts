import { Controller, Get, Param, Res, UseFilters, UseInterceptors } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { PortalBranding, ViewPortal } from '@intake/application-portal';
import { DomainError } from '@intake/errors';
import { Public } from '@intake/http';
import { PORTAL_SCRIPT_HEADERS, PortalPageDocuments } from './portal-page.html';
import { pageLanguage } from '@intake/portal-web';
import { PortalPageErrorFilter } from './portal-page.filter';
import { PortalThrottle } from '../portal/portal-throttle';

/**
 * The client portal page at `{PORTAL_URL}/{slug}` and its script (the path prefix comes from
 * PORTAL_URL, see PortalPageModule). HTML for people, so not part of the OpenAPI document. The slug
 * is the credential, as on the portal API.
 */
@ApiExcludeController()
@Public()
@Controller()
export class PortalPageController {
  constructor(
    private readonly documents: PortalPageDocuments,
    private readonly viewPortal: ViewPortal,
    private readonly branding: PortalBranding,
  ) {}

  @Get('assets/:file')
  script(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply): string {
    if (file !== this.documents.scriptFile) throw new DomainError('not_found', 'No such route or resource.');
    void reply.headers(PORTAL_SCRIPT_HEADERS);
    return this.documents.script;
  }

  /**
   * Looking the link up is the client's view (client_last_seen, client.viewed) and gives the
   * language. Guessing links here counts as on the portal API (a throttled client gets the
   * "unavailable" page with status 429 and Retry-After). A branded page's Content-Security-Policy
   * allows its accent's style block and its logo's origin, and nothing more.
   */
  @Get(':slug')
  @UseFilters(PortalPageErrorFilter)
  @UseInterceptors(PortalThrottle)
  async page(@Param('slug') slug: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const { intake } = await this.viewPortal.execute(slug);
    const page = this.documents.page(pageLanguage(intake.client_language), await this.branding.of(intake));
    void reply.headers(page.headers);
    return page.html;
  }
}
