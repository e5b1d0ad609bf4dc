import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequestMeta } from '@intake/kernel';
import { CreateTemplate, ListTemplates, type TemplateRecord } from '@intake/application-intakes';
import { Principal } from '@intake/domain-accounts';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import { TemplateListResponse, TemplateResponse, TemplateView } from './intake-responses.dto';
import { TemplateRequest } from './intakes.dto';

const view = (t: TemplateRecord): TemplateView => ({
  id: t.id,
  slug: t.slug,
  name: t.name,
  items: t.items,
  settings: t.settings as Record<string, unknown>,
  created_at: new Date(t.created_at).toISOString(),
});

@ApiTags('templates')
@Controller('v1/templates')
export class TemplatesController {
  constructor(
    private readonly listTemplates: ListTemplates,
    private readonly createTemplate: CreateTemplate,
  ) {}

  @Get()
  @Access({ via: 'any', scope: 'intakes:read' })
  @ApiOperation({
    summary: 'The account’s saved intake templates, by name.',
    description:
      'Each template’s slug, name, item definitions and default settings. Pass a slug as template to POST /v1/intakes to start an intake from it (the template’s items merge with the request’s by key). Read-only.',
  })
  @ApiOkResponse({ type: TemplateListResponse })
  async list(@CurrentPrincipal() principal: Principal): Promise<TemplateListResponse> {
    return { templates: (await this.listTemplates.execute(principal.accountId)).map(view) };
  }

  @Post()
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Save a reusable intake template: a name and item definitions.',
    description:
      'Stores item definitions (and default settings) under a name for later intakes; its slug (from the name, unique in the account) is what POST /v1/intakes takes as template. Creates no intake and sends nothing. Audited.',
  })
  @ApiCreatedResponse({ type: TemplateResponse })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: TemplateRequest,
    @Meta() meta: RequestMeta,
  ): Promise<TemplateResponse> {
    return { template: view(await this.createTemplate.execute({ principal, body, meta })) };
  }
}
