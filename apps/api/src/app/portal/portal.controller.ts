import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsOptional, IsString, Length, MaxLength, ValidateIf } from 'class-validator';
import { RequestMeta } from '@intake/application-accounts';
import { ItemRecord, PortalService, PortalView, portalProgress } from '@intake/application-intakes';
import { Public } from '@intake/http';
import { Meta } from '../accounts/access';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

class SubmitValueBody {
  @ApiProperty({
    description: 'the answer, shaped by the item type (string, number, boolean, list, object)',
    example: 'We bake sourdough.',
  })
  @IsDefined()
  value!: unknown;
}

class WaiverBody {
  @ApiProperty({ example: 'We do not have a logo yet.', maxLength: 2000 })
  @Transform(trim)
  @IsString()
  @Length(1, 2000)
  reason!: string;
}

class NoteBody {
  @ApiPropertyOptional({ nullable: true, maxLength: 2000, description: 'null clears it' })
  @ValidateIf((_, v) => v !== null)
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2000)
  note!: string | null;
}

/** What the client sees of an item: never owner notes, owner items or decisions; never a secret back. */
function clientItemView(item: ItemRecord) {
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
    ...(item.type === 'file' || item.type === 'file_list' || item.type === 'image' ? { files: [] as unknown[] } : {}),
  };
}

function portalView({ intake, items }: PortalView) {
  const progress = portalProgress(items);
  return {
    project_name: intake.project_name,
    status: intake.status,
    language: intake.client_language,
    client_name: intake.client_name,
    client_brief: intake.client_brief,
    brief_files: [] as unknown[],
    due_date: intake.due_date,
    progress,
    items: items.map(clientItemView),
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
  constructor(private readonly portal: PortalService) {}

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
    @Body() body: SubmitValueBody,
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
    @Body() body: WaiverBody,
    @Meta() meta: RequestMeta,
  ) {
    return portalView(await this.portal.proposeWaiver(slug, key, body.reason, meta));
  }

  @Put('items/:key/note')
  @ApiOperation({ summary: 'The client’s note on an item (null clears it).', security: [] })
  async note(
    @Param('slug') slug: string,
    @Param('key') key: string,
    @Body() body: NoteBody,
    @Meta() meta: RequestMeta,
  ) {
    return portalView(await this.portal.setNote(slug, key, body.note ?? null, meta));
  }
}
