import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '@intake/config';
import { Public } from '@intake/http';
import { llmsTxt } from './llms-txt';

export const LLMS_TXT_CONTENT_TYPE = 'text/markdown; charset=utf-8';

/** GET /llms.txt: the service explained to an AI agent, with absolute links (PUBLIC_BASE_URL). */
@ApiTags('meta')
@Public()
@Controller()
export class AgentGuideController {
  private readonly guide: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.guide = llmsTxt(config.publicBaseUrl);
  }

  @Get('llms.txt')
  @Header('content-type', LLMS_TXT_CONTENT_TYPE)
  @ApiOperation({
    summary: 'A Markdown guide to this API for AI agents (llms.txt).',
    description:
      'Plain Markdown, not JSON: what the service does, how to authenticate (API keys, scopes, test mode), the MCP endpoint, ' +
      'links to this OpenAPI document, the plans and the SDK, the typical flow from creating an intake to collecting its results, ' +
      'the rate limits and the error envelope. Read it first when you have only the service’s address. Public: no credentials, ' +
      'not counted against any request limit, no side effects.',
    security: [],
  })
  @ApiProduces('text/markdown')
  @ApiOkResponse({
    description: 'the guide, as Markdown',
    content: { 'text/markdown': { schema: { type: 'string' } } },
  })
  llms(): string {
    return this.guide;
  }
}
