import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '@intake/http';
import { ITEM_CHANGE } from '../error-cases';
import { DecideWaiver, UnwaiveItem, WaiveItem } from '@intake/application-intakes';
import { type Principal } from '@intake/domain-accounts';
import { type RequestMeta } from '@intake/kernel';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import { ItemResponse } from './intake-responses.dto';
import { itemIn } from './intake-views';
import { WaiveBody, WaiverDecisionBody } from './items.dto';

/** Waivers: the owner waives an item, decides on the client's proposal, or needs the item again. */
@ApiTags('items')
@Controller('v1/intakes/:id')
export class WaiversController {
  constructor(
    private readonly waiveItem: WaiveItem,
    private readonly decideWaiver: DecideWaiver,
    private readonly unwaiveItem: UnwaiveItem,
  ) {}

  @Post('items/:key/waive')
  @HttpCode(200)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Waive an item: the owner decides it is not needed.',
    description:
      'Closes any item (client or owner) with an optional reason: it stops counting towards progress and is no longer chased. If it was the last outstanding required client item the intake completes (intake.completed fires, completion e-mails go out as configured). Use it when the item is no longer needed; for an answer received by other means use received-outside. 409 item_waived if it already is; 409 intake_archived. Undo with DELETE on the same path. Audited.',
  })
  @ApiOkResponse({ type: ItemResponse })
  @ApiErrors(...ITEM_CHANGE, { error: 'conflict', reason: 'item_waived' })
  async waive(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Body() body: WaiveBody,
    @Meta() meta: RequestMeta,
  ): Promise<ItemResponse> {
    return {
      item: itemIn(
        await this.waiveItem.execute({ principal: p, intakeId: id, key, reason: body.reason ?? null, meta }),
        key,
      ),
    };
  }

  @Post('items/:key/waive/decision')
  @HttpCode(200)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Accept or reject the client’s waiver proposal.',
    description:
      'When the client proposed in the portal that an item be waived: accept true waives it (and may complete the intake, as POST …/waive); accept false clears the proposal and the item is chased again. The optional note goes to the audit log only, never to the client. 409 no_waiver_pending if there is no proposal; 409 intake_archived. Audited.',
  })
  @ApiOkResponse({ type: ItemResponse })
  @ApiErrors(...ITEM_CHANGE, { error: 'conflict', reason: 'no_waiver_pending' })
  async decide(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Body() body: WaiverDecisionBody,
    @Meta() meta: RequestMeta,
  ): Promise<ItemResponse> {
    return {
      item: itemIn(
        await this.decideWaiver.execute({
          principal: p,
          intakeId: id,
          key,
          accept: body.accept,
          note: body.note ?? null,
          meta,
        }),
        key,
      ),
    };
  }

  @Delete('items/:key/waive')
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Revert a waiver: the item is needed again.',
    description:
      'The item is pending again: its value, submission, uploaded files and revision note are discarded (the client’s note on the item stays); a completed intake reopens and its reminders are planned again. 409 item_not_waived if it is not waived; 409 intake_archived. Audited.',
  })
  @ApiOkResponse({ type: ItemResponse })
  @ApiErrors(...ITEM_CHANGE, { error: 'conflict', reason: 'item_not_waived' })
  async unwaive(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Meta() meta: RequestMeta,
  ): Promise<ItemResponse> {
    return { item: itemIn(await this.unwaiveItem.execute({ principal: p, intakeId: id, key, meta }), key) };
  }
}
