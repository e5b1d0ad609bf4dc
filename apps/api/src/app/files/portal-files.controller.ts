import { Controller, Delete, Get, HttpCode, Param, Post, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiCreatedResponse, ApiFoundResponse, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ITEM_CHANGE, ITEM_CLOSED, PORTAL_LINK, SERVABLE_FILE, UPLOAD } from '../error-cases';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GetBriefFile, RemoveFile, SubmitFiles, UploadFile } from '@intake/application-files';
import { clientView } from '@intake/application-portal';
import { ApiErrors, Public } from '@intake/http';
import { type RequestMeta } from '@intake/kernel';
import { Meta } from '../accounts/access';
import { ApiFileUpload, redirectTo, withIncomingFile } from './uploads';
import { clientFileView, portalView } from '../portal/portal-views';
import { PortalThrottle } from '../portal/portal-throttle';

/** The client's files in the portal: uploads to file items, their submission, and the brief files. */
@ApiTags('portal')
@Public()
@UseInterceptors(PortalThrottle)
@Controller('portal/v1/:slug')
export class PortalFilesController {
  constructor(
    private readonly uploadFile: UploadFile,
    private readonly fileRemoval: RemoveFile,
    private readonly fileSubmission: SubmitFiles,
    private readonly getBriefFile: GetBriefFile,
  ) {}

  @Post('items/:key/files')
  @HttpCode(201)
  @ApiFileUpload()
  @ApiOperation({
    summary: 'Portal: upload a file to a file, file_list or image item.',
    description:
      'Called by the client’s portal page, not by owners or agents. Multipart form-data with one field `file`. The type is sniffed from the content, HEIC/HEIF becomes JPEG, and format, size, width and transparency are checked (422 with details). A file or image item holds one file: a new upload replaces it. The file is scanned for viruses afterwards (av_status pending). The item is not submitted until POST …/submit. 402 when the account’s storage quota is used up; 409 intake_archived. Public: the slug of the portal link is the credential (an unknown, deleted or purged link is 404); too many unknown links from one client address are 429 portal_throttled with Retry-After.',
    security: [],
  })
  @ApiCreatedResponse({ description: '{file: {id, filename, mime, size, width, height, av_status, created_at}}' })
  @ApiErrors(...PORTAL_LINK, ...ITEM_CHANGE, ...ITEM_CLOSED, ...UPLOAD)
  async upload(
    @Param('slug') slug: string,
    @Param('key') key: string,
    @Req() request: FastifyRequest,
    @Meta() meta: RequestMeta,
  ) {
    const file = await withIncomingFile(request, (incoming) =>
      this.uploadFile.execute({ slug, key, file: incoming, meta }),
    );
    return { file: clientFileView(file) };
  }

  @Delete('items/:key/files/:fileId')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Portal: remove an uploaded file.',
    description:
      'Called by the client’s portal page. A submitted item goes back to pending until submitted again; the bytes are deleted. 409 intake_archived. Public: the slug of the portal link is the credential (an unknown, deleted or purged link is 404); too many unknown links from one client address are 429 portal_throttled with Retry-After.',
    security: [],
  })
  @ApiNoContentResponse()
  @ApiErrors(
    ...PORTAL_LINK,
    ...ITEM_CHANGE,
    ...ITEM_CLOSED,
    { error: 'not_found', reason: 'file_not_found' },
    { error: 'unprocessable', reason: 'validation_failed' },
  )
  async removeFile(
    @Param('slug') slug: string,
    @Param('key') key: string,
    @Param('fileId') fileId: string,
    @Meta() meta: RequestMeta,
  ): Promise<void> {
    await this.fileRemoval.execute({ slug, key, fileId, meta });
  }

  @Post('items/:key/submit')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Portal: submit the uploaded files of a file item.',
    description:
      'Called by the client’s portal page. Count rules (min_count, max_count; one file for file and image) and every file rule are checked (422 with details); no infected file may remain. The item becomes submitted: item.submitted fires with file_count, and when it was the last outstanding required item the intake completes (intake.completed, completion e-mails as configured). 409 intake_archived. Public: the slug of the portal link is the credential (an unknown, deleted or purged link is 404); too many unknown links from one client address are 429 portal_throttled with Retry-After.',
    security: [],
  })
  @ApiErrors(
    ...PORTAL_LINK,
    ...ITEM_CHANGE,
    ...ITEM_CLOSED,
    { error: 'conflict', reason: 'not_sent' },
    { error: 'unprocessable', reason: 'validation_failed' },
  )
  async submitFiles(@Param('slug') slug: string, @Param('key') key: string, @Meta() meta: RequestMeta) {
    return portalView(clientView(await this.fileSubmission.execute({ slug, key, meta })));
  }

  @Get('brief/files/:fileId')
  @ApiOperation({
    summary: 'Portal: download a brief file (302 to a signed URL).',
    description:
      'Called by the client’s portal page: redirects to a URL signed for 24 hours; 422 while the file is scanned or if infected. Public: the slug of the portal link is the credential (an unknown, deleted or purged link is 404); too many unknown links from one client address are 429 portal_throttled with Retry-After.',
    security: [],
  })
  @ApiFoundResponse({ description: 'Location: the signed URL' })
  @ApiErrors(...PORTAL_LINK, ...SERVABLE_FILE)
  async briefFile(
    @Param('slug') slug: string,
    @Param('fileId') fileId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await redirectTo(reply, await this.getBriefFile.execute({ by: 'client', slug, fileId }));
  }
}
