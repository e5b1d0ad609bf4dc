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
    summary:
      'Download an uploaded file: 302 to a signed URL valid 24 hours; 422 while the virus scan is pending (reason file_scan_pending) or when infected (reason file_infected).',
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
    summary:
      'Attach a brief file (multipart field `file`): type sniffed, HEIC → JPEG, scanned before it is stored (infected: 422 reason file_infected). At most 10 per intake (the 11th: 422), 50 MiB each; counts against the storage quota (402); archived: 409 intake_archived.',
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
  @ApiOperation({ summary: 'Remove a brief file and release its storage; archived: 409 intake_archived.' })
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
  @ApiOperation({ summary: 'A brief file: 302 to a signed URL valid 24 hours; 422 while scanning or if infected.' })
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
