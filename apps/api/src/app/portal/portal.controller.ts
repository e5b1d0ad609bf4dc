import { Body, Controller, Get, HttpCode, Param, Post, Put, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { INTAKE_CHANGE, ITEM_CHANGE, ITEM_CLOSED, PORTAL_LINK } from '../error-cases';
import { ProposeWaiver, SetIntakeNote, SetItemNote, SubmitItemValue, ViewPortal } from '@intake/application-portal';
import { ApiErrors, Public } from '@intake/http';
import { type RequestMeta } from '@intake/kernel';
import { Meta } from '../accounts/access';
import { PortalIntakeNoteBody, PortalNoteBody, PortalValueBody, PortalWaiverBody } from './portal.dto';
import { portalView } from './portal-views';
import { PortalThrottle } from './portal-throttle';

/**
 * The portal API (DESIGN.md section 4). The slug in the link is the client's only credential:
 * no other authentication, not counted against the owner's hourly limit. An unknown, draft or
 * deleted link is the same 404; a client guessing links is throttled (PortalThrottle).
 */
@ApiTags('portal')
@Public()
@UseInterceptors(PortalThrottle)
@Controller('portal/v1/:slug')
export class PortalController {
  constructor(
    private readonly viewPortal: ViewPortal,
    private readonly submitItemValue: SubmitItemValue,
    private readonly proposeWaiver: ProposeWaiver,
    private readonly setItemNote: SetItemNote,
    private readonly setIntakeNote: SetIntakeNote,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'The client’s view: project, brief, due date, language, the client’s items with status, constraints and revision notes.',
    security: [],
  })
  @ApiErrors(...PORTAL_LINK)
  @ApiOkResponse({
    description:
      '{project_name, status, language, client_name, client_brief, brief_files, due_date, progress, client_note, items[]}',
  })
  async view(@Param('slug') slug: string) {
    return portalView(await this.viewPortal.execute(slug));
  }

  @Put('note')
  @ApiOperation({
    summary:
      'The client’s note on the whole intake (up to 2,000 characters; null clears it): the owner reads it as the intake’s client_note, in results and in the download’s reports. No event is sent. 409 intake_archived when archived.',
    security: [],
  })
  @ApiOkResponse({ description: 'the client’s view, as GET /portal/v1/{slug}, with the new client_note' })
  @ApiErrors(...PORTAL_LINK, ...INTAKE_CHANGE)
  async intakeNote(@Param('slug') slug: string, @Body() body: PortalIntakeNoteBody, @Meta() meta: RequestMeta) {
    return portalView(await this.setIntakeNote.execute({ slug, note: body.note ?? null, meta }));
  }

  @Put('items/:key')
  @ApiOperation({
    summary:
      'Submit a value item (422 with details when it breaks a rule of the item); 409 intake_archived when archived.',
    security: [],
  })
  @ApiErrors(...PORTAL_LINK, ...ITEM_CHANGE, ...ITEM_CLOSED, { error: 'conflict', reason: 'not_sent' })
  async submit(
    @Param('slug') slug: string,
    @Param('key') key: string,
    @Body() body: PortalValueBody,
    @Meta() meta: RequestMeta,
  ) {
    return portalView(await this.submitItemValue.execute({ slug, key, value: body.value, meta }));
  }

  @Post('items/:key/waiver')
  @HttpCode(200)
  @ApiOperation({ summary: 'Propose a waiver for an item; the owner decides.', security: [] })
  @ApiErrors(...PORTAL_LINK, ...ITEM_CHANGE, ...ITEM_CLOSED)
  async waiver(
    @Param('slug') slug: string,
    @Param('key') key: string,
    @Body() body: PortalWaiverBody,
    @Meta() meta: RequestMeta,
  ) {
    return portalView(await this.proposeWaiver.execute({ slug, key, reason: body.reason, meta }));
  }

  @Put('items/:key/note')
  @ApiOperation({ summary: 'The client’s note on an item (null clears it).', security: [] })
  @ApiErrors(...PORTAL_LINK, ...ITEM_CHANGE)
  async note(
    @Param('slug') slug: string,
    @Param('key') key: string,
    @Body() body: PortalNoteBody,
    @Meta() meta: RequestMeta,
  ) {
    return portalView(await this.setItemNote.execute({ slug, key, note: body.note ?? null, meta }));
  }
}
