import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CollectResults, type CollectedResults } from '@intake/application-results';
import { type Principal } from '@intake/domain-accounts';
import { type RequestMeta } from '@intake/kernel';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import { ResultsQuery, type ResultMetaView, ResultsResponse } from './results.dto';

/** Collecting what the client sent, for agents: GET …/results. */
@ApiTags('results')
@Controller('v1/intakes/:id')
export class ResultsController {
  constructor(private readonly collectResults: CollectResults) {}

  @Get('results')
  @Access({ via: 'key', scope: 'intakes:read' })
  @ApiOperation({
    summary: 'Collect an intake’s results: approved values, file links and secrets (API keys only).',
    description:
      'The way an agent or integration takes the collected data: the approved items’ values shaped by type (include_pending: submitted ones too), uploads as {url, filename, mime, size, checksum_sha256} with URLs signed for 24 hours (pending or infected ones counted in meta.files_pending), and missing, the required items still outstanding. only_new=true returns only the items approved since this key’s previous call (each call moves the key’s cursor). A secret is released exactly once, to a key with secrets:read or admin (later calls: meta says already_revealed); without that scope, or with exclude_secrets, it is left out and not consumed. The first call records delivered_at, which starts an on_delivery retention (contents removed about 24 hours later). API keys only: a session is 403 key_only (the dashboard uses the download). Audited on first delivery.',
  })
  @ApiOkResponse({ type: ResultsResponse })
  async results(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: ResultsQuery,
    @Meta() meta: RequestMeta,
  ): Promise<ResultsResponse> {
    const collected = await this.collectResults.execute({
      principal,
      intakeId: id,
      onlyNew: query.only_new ?? false,
      includePending: query.include_pending ?? false,
      excludeSecrets: query.exclude_secrets ?? false,
      meta,
    });
    return resultsView(collected);
  }
}

function resultsView(collected: CollectedResults): ResultsResponse {
  const meta: Record<string, ResultMetaView> = {};
  for (const [key, m] of Object.entries(collected.meta)) {
    const { revealed_at, submitted_at, ...rest } = m;
    meta[key] = {
      ...rest,
      submitted_at: submitted_at?.toISOString() ?? null,
      ...(revealed_at ? { revealed_at: revealed_at.toISOString() } : {}),
    };
  }
  return {
    intake_id: collected.intake_id,
    status: collected.status,
    progress: collected.progress,
    missing: collected.missing,
    results: collected.results,
    meta,
    client_note: collected.client_note,
  };
}
