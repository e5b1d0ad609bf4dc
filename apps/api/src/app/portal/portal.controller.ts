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
 * The portal API (docs/contexts/portal.md; docs/guide.md, "Client portal API"). The slug in the link is the client's only credential:
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
    summary: 'Portal: the client’s view of an intake.',
    description:
      'Called by the client’s portal page (GET {portal_url} serves the page itself): project, brief and its files, due date, language, progress, the client’s note and the client’s items with status, constraints and revision notes; owner items and owner notes are never shown. Opening it records client_last_seen and fires client.viewed (deduplicated). Owners and agents read an intake with GET /v1/intakes/{id} instead. Public: the slug of the portal link is the credential (an unknown, deleted or purged link is 404); too many unknown links from one client address are 429 portal_throttled with Retry-After.',
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
    summary: 'Portal: the client’s note on the whole intake.',
    description:
      'Up to 2,000 characters; null clears it. The owner reads it as the intake’s client_note, in results and in the download’s reports. No event or e-mail is sent. 409 intake_archived when archived. Public: the slug of the portal link is the credential (an unknown, deleted or purged link is 404); too many unknown links from one client address are 429 portal_throttled with Retry-After.',
    security: [],
  })
  @ApiOkResponse({ description: 'the client’s view, as GET /portal/v1/{slug}, with the new client_note' })
  @ApiErrors(...PORTAL_LINK, ...INTAKE_CHANGE)
  async intakeNote(@Param('slug') slug: string, @Body() body: PortalIntakeNoteBody, @Meta() meta: RequestMeta) {
    return portalView(await this.setIntakeNote.execute({ slug, note: body.note ?? null, meta }));
  }

  @Put('items/:key')
  @ApiOperation({
    summary: 'Portal: submit the answer of a value item (text, structured, choice, secret).',
    description:
      'Called by the client’s portal page. The value is checked against the item’s rules (422 with details naming each problem); the item becomes submitted and item.submitted fires; when it was the last outstanding required item the intake completes (intake.completed, completion e-mails as configured). File items are submitted with POST …/files and …/submit instead. 409 intake_archived when archived. Public: the slug of the portal link is the credential (an unknown, deleted or purged link is 404); too many unknown links from one client address are 429 portal_throttled with Retry-After.',
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
  @ApiOperation({
    summary: 'Portal: propose that an item be waived.',
    description:
      'Called by the client’s portal page when they cannot supply an item, with a reason: the owner accepts or rejects it (POST /v1/intakes/{id}/items/{key}/waive/decision); until then the item stays outstanding. 409 intake_archived. Public: the slug of the portal link is the credential (an unknown, deleted or purged link is 404); too many unknown links from one client address are 429 portal_throttled with Retry-After.',
    security: [],
  })
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
  @ApiOperation({
    summary: 'Portal: the client’s note on one item.',
    description:
      'Up to 2,000 characters for the owner to read with the item; null clears it. No event or e-mail is sent. 409 intake_archived. Public: the slug of the portal link is the credential (an unknown, deleted or purged link is 404); too many unknown links from one client address are 429 portal_throttled with Retry-After.',
    security: [],
  })
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
