import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '@intake/http';
import { ITEM_CHANGE, ITEM_CLOSED } from '../error-cases';
import { MarkItemDone, MarkReceivedOutside, UndoReceivedOutside } from '@intake/application-intakes';
import { type Principal } from '@intake/domain-accounts';
import { type RequestMeta } from '@intake/kernel';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import { DoneResponse, ReceivedOutsideResponse } from './intake-responses.dto';
import { itemIn } from './intake-views';
import { DoneBody, NoteBody } from './items.dto';

/** The owner's marks on items: owner items done, client items received some other way. */
@ApiTags('items')
@Controller('v1/intakes/:id')
export class ItemMarksController {
  constructor(
    private readonly markDone: MarkItemDone,
    private readonly markOutside: MarkReceivedOutside,
    private readonly unmarkOutside: UndoReceivedOutside,
  ) {}

  @Post('items/:key/done')
  @HttpCode(200)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Tick off (or reopen) an owner item.',
    description:
      'For the owner’s own tasks in an intake (items with assignee owner): done true (default) approves it, done false reopens it. Owner items never complete or deliver the intake; client items are 400 client_item (use received-outside for those). Sends no e-mail. 409 item_waived; 409 intake_archived. Audited.',
  })
  @ApiOkResponse({ type: DoneResponse })
  @ApiErrors(
    ...ITEM_CHANGE,
    { error: 'invalid_request', reason: 'client_item' },
    { error: 'conflict', reason: 'item_waived' },
  )
  async done(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Body() body: DoneBody,
    @Meta() meta: RequestMeta,
  ): Promise<DoneResponse> {
    const done = body.done ?? true;
    const item = itemIn(await this.markDone.execute({ principal: p, intakeId: id, key, done, meta }), key);
    return { key, done, status: item.status };
  }

  @Post('items/:key/received-outside')
  @HttpCode(200)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Mark a client item as received another way (approved).',
    description:
      'When the client sent the item by other means (e-mail, paper): the item becomes approved with received_outside true and an optional note hidden from the client, and stops being chased. If it was the last outstanding required client item the intake completes: intake.completed fires and the owner’s completion e-mail and the client’s thank-you go out as configured. 400 owner_item for an owner item; 409 for an approved or waived item; 409 intake_archived. Undo with DELETE on the same path. Audited.',
  })
  @ApiOkResponse({ type: ReceivedOutsideResponse })
  @ApiErrors(...ITEM_CHANGE, ...ITEM_CLOSED, { error: 'invalid_request', reason: 'owner_item' })
  async receivedOutside(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Body() body: NoteBody,
    @Meta() meta: RequestMeta,
  ): Promise<ReceivedOutsideResponse> {
    const detail = await this.markOutside.execute({
      principal: p,
      intakeId: id,
      key,
      note: body.note ?? null,
      meta,
    });
    const item = itemIn(detail, key);
    return { key, status: item.status, received_outside: item.received_outside, intake_status: detail.intake.status };
  }

  @Delete('items/:key/received-outside')
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Undo a received-outside mark.',
    description:
      'The item waits for the client again (progress drops) and a completed intake reopens, with its reminders planned again. 404 not_received_outside if it was never marked; 409 intake_archived. Audited.',
  })
  @ApiOkResponse({ type: ReceivedOutsideResponse })
  @ApiErrors(...ITEM_CHANGE, { error: 'not_found', reason: 'not_received_outside' })
  async undoReceivedOutside(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Meta() meta: RequestMeta,
  ): Promise<ReceivedOutsideResponse> {
    const detail = await this.unmarkOutside.execute({ principal: p, intakeId: id, key, meta });
    const item = itemIn(detail, key);
    return { key, status: item.status, received_outside: item.received_outside, intake_status: detail.intake.status };
  }
}
