import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiFoundResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Transform } from 'class-transformer';
import { IsDefined, IsOptional, IsString, Length, MaxLength, ValidateIf } from 'class-validator';
import { RequestMeta } from '@intake/kernel';
import {
  clientView,
  FileRecord,
  FileService,
  ItemRecord,
  PortalService,
  PortalView,
  portalProgress,
} from '@intake/application-intakes';
import { isFileType } from '@intake/domain-items';
import { Public } from '@intake/http';
import { Meta } from '../accounts/access';
import { ApiFileUpload, redirectTo, withIncomingFile } from '../files/uploads';
import { fileView } from '../intakes/intake-views';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

class PortalValueBody {
  @ApiProperty({
    description: 'the answer, shaped by the item type (string, number, boolean, list, object)',
    example: 'We bake sourdough.',
  })
  @IsDefined()
  value!: unknown;
}

class PortalWaiverBody {
  @ApiProperty({ example: 'We do not have a logo yet.', maxLength: 2000 })
  @Transform(trim)
  @IsString()
  @Length(1, 2000)
  reason!: string;
}

class PortalNoteBody {
  @ApiPropertyOptional({ nullable: true, maxLength: 2000, description: 'null clears it' })
  @ValidateIf((_, v) => v !== null)
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2000)
  note!: string | null;
}

/** An upload as the client sees it: what it is and whether the virus scan passed. */
function clientFileView(file: FileRecord) {
  const { checksum_sha256: _checksum, ...view } = fileView(file);
  return view;
}

/** What the client sees of an item: never owner notes, owner items or decisions; never a secret back. */
function clientItemView(item: ItemRecord, files: FileRecord[]) {
  const secret = item.type === 'secret';
  return {
    key: item.key,
    type: item.type,
    label: item.label,
    help: item.help,
    required: item.required,
    status: item.status,
    value: secret ? null : item.value,
    answered: item.value !== null && item.value !== undefined,
    constraints: item.constraints,
    options: item.options,
    schema: item.schema,
    pattern: item.pattern,
    submitted_at: iso(item.submitted_at),
    revision_note: item.status === 'needs_revision' ? item.revision_note : null,
    waiver: { state: item.waiver.state, reason: item.waiver.reason },
    client_note: item.client_note,
    ...(isFileType(item.type) ? { files: files.filter((f) => f.item_key === item.key).map(clientFileView) } : {}),
  };
}

function portalView({ intake, items, files }: PortalView) {
  const progress = portalProgress(items);
  return {
    project_name: intake.project_name,
    status: intake.status,
    language: intake.client_language,
    client_name: intake.client_name,
    client_brief: intake.client_brief,
    brief_files: files
      .filter((f) => f.kind === 'brief' && f.av_status === 'clean')
      .map((f) => ({
        id: f.id,
        filename: f.filename,
        mime: f.mime,
        size: f.size,
        url: `/portal/v1/${intake.slug}/brief/files/${f.id}`,
      })),
    due_date: intake.due_date,
    progress,
    items: items.map((item) => clientItemView(item, files)),
  };
}

/**
 * The portal API (DESIGN.md section 4). The slug in the link is the client's only credential:
 * no other authentication, not counted against the owner's hourly limit. An unknown, draft or
 * deleted link is the same 404.
 */
@ApiTags('portal')
@Public()
@Controller('portal/v1/:slug')
export class PortalController {
  constructor(
    private readonly portal: PortalService,
    private readonly files: FileService,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'The client’s view: project, brief, due date, language, the client’s items with status, constraints and revision notes.',
    security: [],
  })
  @ApiOkResponse({
    description:
      '{project_name, status, language, client_name, client_brief, brief_files, due_date, progress, items[]}',
  })
  async view(@Param('slug') slug: string) {
    return portalView(await this.portal.view(slug));
  }

  @Put('items/:key')
  @ApiOperation({
    summary:
      'Submit a value item (422 with details when it breaks a rule of the item); 409 intake_archived when archived.',
    security: [],
  })
  async submit(
    @Param('slug') slug: string,
    @Param('key') key: string,
    @Body() body: PortalValueBody,
    @Meta() meta: RequestMeta,
  ) {
    return portalView(await this.portal.submitValue(slug, key, body.value, meta));
  }

  @Post('items/:key/waiver')
  @HttpCode(200)
  @ApiOperation({ summary: 'Propose a waiver for an item; the owner decides.', security: [] })
  async waiver(
    @Param('slug') slug: string,
    @Param('key') key: string,
    @Body() body: PortalWaiverBody,
    @Meta() meta: RequestMeta,
  ) {
    return portalView(await this.portal.proposeWaiver(slug, key, body.reason, meta));
  }

  @Put('items/:key/note')
  @ApiOperation({ summary: 'The client’s note on an item (null clears it).', security: [] })
  async note(
    @Param('slug') slug: string,
    @Param('key') key: string,
    @Body() body: PortalNoteBody,
    @Meta() meta: RequestMeta,
  ) {
    return portalView(await this.portal.setNote(slug, key, body.note ?? null, meta));
  }

  @Post('items/:key/files')
  @HttpCode(201)
  @ApiFileUpload()
  @ApiOperation({
    summary:
      'Upload a file to a file, file_list or image item (multipart field `file`). The type is sniffed from the content, HEIC/HEIF becomes JPEG, and format, size, width and transparency are checked (422). A file or image item holds one file: a new upload replaces it. The file is scanned for viruses afterwards (av_status pending). 402 when the storage quota is used up; 409 intake_archived.',
    security: [],
  })
  @ApiCreatedResponse({ description: '{file: {id, filename, mime, size, width, height, av_status, created_at}}' })
  async upload(
    @Param('slug') slug: string,
    @Param('key') key: string,
    @Req() request: FastifyRequest,
    @Meta() meta: RequestMeta,
  ) {
    const file = await withIncomingFile(request, (incoming) => this.files.upload(slug, key, incoming, meta));
    return { file: clientFileView(file) };
  }

  @Delete('items/:key/files/:fileId')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Remove an uploaded file; a submitted item goes back to pending until submitted again.',
    security: [],
  })
  @ApiNoContentResponse()
  async removeFile(
    @Param('slug') slug: string,
    @Param('key') key: string,
    @Param('fileId') fileId: string,
    @Meta() meta: RequestMeta,
  ): Promise<void> {
    await this.files.remove(slug, key, fileId, meta);
  }

  @Post('items/:key/submit')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Submit the uploaded files of a file item: count rules (min_count, max_count; one file for file and image) and every file rule are checked (422 with details); no infected file may remain.',
    security: [],
  })
  async submitFiles(@Param('slug') slug: string, @Param('key') key: string, @Meta() meta: RequestMeta) {
    return portalView(clientView(await this.files.submit(slug, key, meta)));
  }

  @Get('brief/files/:fileId')
  @ApiOperation({ summary: 'A brief file: 302 to a signed URL valid 24 hours.', security: [] })
  @ApiFoundResponse({ description: 'Location: the signed URL' })
  async briefFile(
    @Param('slug') slug: string,
    @Param('fileId') fileId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await redirectTo(reply, await this.files.briefLinkForClient(slug, fileId));
  }
}
