import { Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiFoundResponse,
  ApiNoContentResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrors } from '@intake/http';
import { INTAKE_CHANGE, SERVABLE_FILE, UPLOAD } from '../error-cases';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequestMeta } from '@intake/kernel';
import { AddBriefFile, GetBriefFile, GetItemFile, RemoveBriefFile } from '@intake/application-files';
import { accessOf, Principal } from '@intake/domain-accounts';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import { ApiFileUpload, redirectTo, withIncomingFile } from './uploads';
import { BriefFileView } from '../intakes/intake-responses.dto';
import { briefFileView } from '../intakes/intake-views';

class BriefFileResponse {
  @ApiProperty({ type: BriefFileView }) file!: BriefFileView;
}

/** Downloads of the client's uploads, and the owner's brief files. */
@ApiTags('files')
@Controller('v1/intakes/:id')
export class IntakeFilesController {
  constructor(
    private readonly itemFiles: GetItemFile,
    private readonly briefUploads: AddBriefFile,
    private readonly briefRemovals: RemoveBriefFile,
    private readonly briefFiles: GetBriefFile,
  ) {}

  @Get('items/:key/files/:fileId')
  @Access({ via: 'any', scope: 'intakes:read' })
  @ApiOperation({
    summary: 'Download one uploaded file of an item (302 to a signed URL).',
    description:
      'Redirects to a URL signed for 24 hours, so a client follows it without credentials; the URL itself is a credential, do not publish it. 422 file_scan_pending while the virus scan runs (retry later), 422 file_infected when infected; 404 file_not_found. To get every file’s link at once use GET /v1/intakes/{id}/results. Read-only.',
  })
  @ApiFoundResponse({ description: 'Location: the signed URL' })
  @ApiErrors(...SERVABLE_FILE, { error: 'not_found', reason: 'item_not_found' })
  async itemFile(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Param('fileId') fileId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await redirectTo(reply, await this.itemFiles.execute({ access: accessOf(principal), intakeId: id, key, fileId }));
  }

  @Post('brief/files')
  @HttpCode(201)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiFileUpload()
  @ApiOperation({
    summary: 'Attach a file to the intake’s brief, shown to the client in the portal.',
    description:
      'Multipart form-data with one field `file`: the type is sniffed from the content, HEIC becomes JPEG, and it is scanned for viruses before it is stored (infected: 422 file_infected). At most 10 per intake (the 11th: 422), 50 MiB each; counts against the plan’s storage quota (402 quota_exceeded reason storage). The client sees it at the top of the portal; no e-mail is sent. 409 intake_archived. Audited.',
  })
  @ApiCreatedResponse({ type: BriefFileResponse })
  @ApiErrors(...INTAKE_CHANGE, ...UPLOAD, { error: 'unprocessable', reason: 'file_infected' })
  async addBriefFile(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Meta() meta: RequestMeta,
  ): Promise<BriefFileResponse> {
    const file = await withIncomingFile(request, (incoming) =>
      this.briefUploads.execute({ principal, intakeId: id, file: incoming, meta }),
    );
    return { file: briefFileView(file) };
  }

  @Delete('brief/files/:fileId')
  @HttpCode(204)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Remove a brief file and release its storage.',
    description:
      'The client no longer sees it in the portal; its bytes are deleted and stop counting against the storage quota. 404 file_not_found; 409 intake_archived. 204 with no body. Audited.',
  })
  @ApiNoContentResponse()
  @ApiErrors(...INTAKE_CHANGE, { error: 'not_found', reason: 'file_not_found' })
  async removeBriefFile(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('fileId') fileId: string,
    @Meta() meta: RequestMeta,
  ): Promise<void> {
    await this.briefRemovals.execute({ principal, intakeId: id, fileId, meta });
  }

  @Get('brief/files/:fileId/url')
  @Access({ via: 'any', scope: 'intakes:read' })
  @ApiOperation({
    summary: 'Download a brief file (302 to a signed URL).',
    description:
      'Redirects to a URL signed for 24 hours. 422 file_scan_pending while the virus scan runs, 422 file_infected when infected; 404 file_not_found. Read-only.',
  })
  @ApiFoundResponse({ description: 'Location: the signed URL' })
  @ApiErrors(...SERVABLE_FILE)
  async briefFileUrl(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Param('fileId') fileId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await redirectTo(
      reply,
      await this.briefFiles.execute({ by: 'owner', access: accessOf(principal), intakeId: id, fileId }),
    );
  }
}
