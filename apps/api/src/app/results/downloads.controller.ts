import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DownloadIntake, GetDownloadPreflight } from '@intake/application-results';
import { accessOf, type Principal } from '@intake/domain-accounts';
import { ApiErrors } from '@intake/http';
import { type RequestMeta } from '@intake/kernel';
import { attachmentDisposition } from '@intake/s3';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import { DownloadPreflightResponse, DownloadQuery } from './results.dto';
import { releaseWrittenChunks } from './release-written-chunks';

/** The intake as one ZIP: what it would hold, and the ZIP itself. */
@ApiTags('results')
@Controller('v1/intakes/:id')
export class DownloadsController {
  constructor(
    private readonly preflight: GetDownloadPreflight,
    private readonly downloads: DownloadIntake,
  ) {}

  @Get('download/preflight')
  @Access({ via: 'any', scope: 'intakes:read' })
  @ApiOperation({
    summary: 'Check what the ZIP download would hold, without consuming anything.',
    description:
      'The uploads it holds and their bytes, the uploads left out (antivirus pending or infected) by name, the secret items by state (total, unrevealed, already revealed), whether it is above the size limit (too_large, max_bytes), and the file name. Call it before GET …/download, in particular before include_secrets=true. Read-only.',
  })
  @ApiOkResponse({ type: DownloadPreflightResponse })
  async downloadPreflight(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<DownloadPreflightResponse> {
    return this.preflight.execute({ access: accessOf(principal), intakeId: id });
  }

  @Get('download')
  @Access({ via: 'any', scope: 'intakes:read' })
  @ApiOperation({
    summary: 'Download the whole intake as one ZIP.',
    description:
      'Streamed from storage: one folder per item with its clean uploads (names made safe: no paths, no control characters, `name (2).ext` for a repeated name), podklady.md and podklady.pdf (each item’s label, type, status, value, decision, waiver, notes; files left out by name), and manifest.json (every file’s SHA-256 and the Markdown report’s; the PDF’s last line gives the manifest’s own). include_secrets=true puts secret values in the PDF only, consuming their one-time reveal once every file is written; it needs the owner’s session or a key with secrets:read or admin (else 403 secrets_owner_only). Above DOWNLOAD_MAX_BYTES: 413 download_too_large (check with …/download/preflight). Audited intake.downloaded; a complete download records delivered_at. For typed values an agent prefers GET /v1/intakes/{id}/results.',
  })
  @ApiProduces('application/zip')
  @ApiOkResponse({
    description:
      'application/zip, Content-Disposition: attachment; filename="podklady-<project slug>-<intake id>.zip" with filename*',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiErrors({ error: 'forbidden', reason: 'secrets_owner_only' }, { error: 'download_too_large' })
  async download(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: DownloadQuery,
    @Meta() meta: RequestMeta,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const download = await this.downloads.start({
      principal,
      intakeId: id,
      includeSecrets: query.include_secrets ?? false,
      meta,
    });
    // A client that goes away mid-download: close the storage stream being read and the ZIP.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) download.abort();
    });
    // Each file chunk's memory is given back as soon as the socket has sent it (ZipStream.release).
    releaseWrittenChunks(reply.raw, (chunk) => download.release(chunk));
    await reply
      .header('content-type', 'application/zip')
      .header('content-disposition', attachmentDisposition(download.filename))
      .header('cache-control', 'private, no-store')
      .send(download.stream);
  }
}
