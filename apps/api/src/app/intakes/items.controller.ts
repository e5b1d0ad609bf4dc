import { Body, Controller, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '@intake/http';
import { INTAKE_CHANGE, ITEM_CHANGE } from '../error-cases';
import { AddItems, AnswerItem, ApproveItem, RequestRevision, UpdateItem } from '@intake/application-intakes';
import { type Principal } from '@intake/domain-accounts';
import { type RequestMeta } from '@intake/kernel';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import { AnswerResponse, ItemResponse, ItemsAddedResponse, RevisionResponse } from './intake-responses.dto';
import { itemIn } from './intake-views';
import { AddItemsBody, AnswerBody, NoteBody, PatchItemBody, RevisionBody } from './items.dto';

/** The owner's operations on items. Every one is 409 intake_archived on an archived intake. */
@ApiTags('items')
@Controller('v1/intakes/:id')
export class ItemsController {
  constructor(
    private readonly addItems: AddItems,
    private readonly approveItem: ApproveItem,
    private readonly updateItem: UpdateItem,
    private readonly requestRevision: RequestRevision,
    private readonly answerItem: AnswerItem,
  ) {}

  @Post('items')
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Add items to an intake.',
    description:
      'Appends new item definitions (each key new to the intake: 422 naming items[i].key otherwise). When client items are added to an intake the client has (sent, in progress or completed) the client and every also_notify address get an e-mail naming them (client_notified; a test intake’s is recorded skipped), and a new required client item reopens a completed intake. Adding to a draft sends nothing. 409 intake_archived on an archived intake. Audited.',
  })
  @ApiCreatedResponse({ type: ItemsAddedResponse })
  @ApiErrors(...INTAKE_CHANGE)
  async add(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Body() body: AddItemsBody,
    @Meta() meta: RequestMeta,
  ): Promise<ItemsAddedResponse> {
    const { intake, added, clientNotified } = await this.addItems.execute({
      principal: p,
      intakeId: id,
      items: body.items,
      meta,
    });
    return {
      intake_id: intake.id,
      items_added: added.map((i) => ({ key: i.key, status: i.status })),
      client_notified: clientNotified,
    };
  }

  @Post('items/:key/approve')
  @HttpCode(200)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Approve a submitted item.',
    description:
      'Accepts the client’s answer: the item becomes approved, which is what GET /v1/intakes/{id}/results returns by default (only_new picks it up once). Use it after reviewing a submitted value or files; to send the answer back use POST /v1/intakes/{id}/revision instead. Sends no e-mail and no webhook; an optional note goes to the audit log. 409 item_not_submitted for any status but submitted; 409 intake_archived on an archived intake.',
  })
  @ApiOkResponse({ type: ItemResponse })
  @ApiErrors(...ITEM_CHANGE, { error: 'conflict', reason: 'item_not_submitted' })
  async approve(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Body() body: NoteBody,
    @Meta() meta: RequestMeta,
  ): Promise<ItemResponse> {
    return {
      item: itemIn(
        await this.approveItem.execute({ principal: p, intakeId: id, key, note: body.note ?? null, meta }),
        key,
      ),
    };
  }

  @Patch('items/:key')
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Change an item’s definition, keeping a still-valid answer.',
    description:
      'Type, label, help, required, constraints (for example the accepted formats) and owner_note of an item already with the client (its key cannot change). The client’s answer is judged by the new definition with the portal’s rules and kept whenever it is valid (a file as a file_list of one, a select’s choice as a multiselect list of one and back); if it would become invalid the answer is 409 item_answer_would_be_discarded, with details naming why, and nothing changes, unless discard_submitted_value is true (then the answer is cleared and the item waits for the client again). A secret’s answer never crosses to a plain type nor a plain one to secret. Sends no e-mail. 409 intake_archived on an archived intake. Audited.',
  })
  @ApiOkResponse({ type: ItemResponse })
  @ApiErrors(
    ...ITEM_CHANGE,
    { error: 'invalid_request', reason: 'no_fields' },
    { error: 'item_answer_would_be_discarded' },
  )
  async update(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Body() body: PatchItemBody,
    @Meta() meta: RequestMeta,
  ): Promise<ItemResponse> {
    return { item: itemIn(await this.updateItem.execute({ principal: p, intakeId: id, key, patch: body, meta }), key) };
  }

  @Post('revision')
  @HttpCode(200)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Send an item back to the client for a revision, with a note.',
    description:
      'For a submitted or approved client item whose answer is not right: the item becomes needs_revision with the note shown in the portal, and a revision e-mail goes to the client (chase kind revision; recorded skipped for a test intake, client_notified false); a completed intake reopens and chasing resumes. Not on the Free plan (402 plan_required reason revisions); 409 item_not_submitted for other statuses; 400 owner_item for an owner item; 409 intake_archived. Audited.',
  })
  @ApiOkResponse({ type: RevisionResponse })
  @ApiErrors(
    ...ITEM_CHANGE,
    { error: 'plan_required', reason: 'revisions' },
    { error: 'invalid_request', reason: 'owner_item' },
    { error: 'conflict', reason: 'item_not_submitted' },
  )
  async revision(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Body() body: RevisionBody,
    @Meta() meta: RequestMeta,
  ): Promise<RevisionResponse> {
    const { clientNotified } = await this.requestRevision.execute({
      principal: p,
      intakeId: id,
      key: body.item_key,
      note: body.note,
      meta,
    });
    return { intake_id: id, item_key: body.item_key, status: 'needs_revision', client_notified: clientNotified };
  }

  @Post('items/:key/answer')
  @HttpCode(200)
  @Access({ via: 'session', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Settle a decision item (owner select or multiselect): dashboard sessions only.',
    description:
      'For an owner-assigned select or multiselect item: the value must be among its options; the item becomes approved with decided_by owner. Dashboard sessions only (API keys get 403 session_only). Other items: 400 not_decision_item; a waived item: 409 item_waived. Sends no e-mail. Audited.',
  })
  @ApiOkResponse({ type: AnswerResponse })
  @ApiErrors(
    ...ITEM_CHANGE,
    { error: 'invalid_request', reason: 'not_decision_item' },
    { error: 'conflict', reason: 'item_waived' },
  )
  async answer(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Body() body: AnswerBody,
    @Meta() meta: RequestMeta,
  ) {
    const detail = await this.answerItem.execute({ principal: p, intakeId: id, key, value: body.value, meta });
    const item = detail.items.find((i) => i.key === key);
    return { key, value: item?.value ?? null, status: item?.status, decided_by: item?.decided_by ?? null };
  }
}
