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
    summary: 'Add items; the client is told by e-mail (live, sent intakes). 422 for a key the intake already has.',
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
  @ApiOperation({ summary: 'Approve a submitted item (409 for any other status).' })
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
    summary:
      'Change an item’s definition (key cannot change), its type included. The client’s answer is judged by the new definition with the portal’s rules and kept whenever it is valid (a file as a file_list of one, a select’s choice as a multiselect list of one and back); 409 item_answer_would_be_discarded, with details naming why, if it would become invalid, unless discard_submitted_value is true. A secret’s answer never crosses to a plain type nor a plain one to secret.',
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
    summary:
      'Send a submitted or approved item back to the client with a note (402 plan_required on Free; 409 for other statuses).',
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
    summary:
      'Settle a decision item (owner select or multiselect); the value must be among its options. Sessions only; other items 400.',
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
