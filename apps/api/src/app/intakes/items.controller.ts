import { Body, Controller, Delete, HttpCode, Param, Patch, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { RequestMeta } from '@intake/kernel';
import { IntakeDetail, ItemService } from '@intake/application-intakes';
import { Principal } from '@intake/domain-accounts';
import { itemNotFound } from '@intake/domain-intake';
import { ITEM_TYPES } from '@intake/domain-items';
import { Access, CurrentPrincipal, Meta } from '../accounts/access';
import {
  AnswerResponse,
  DoneResponse,
  ItemResponse,
  ItemsAddedResponse,
  ItemView,
  ReceivedOutsideResponse,
  RevisionResponse,
} from './intake-responses.dto';
import { itemView } from './intake-views';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

class NoteBody {
  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2000)
  note?: string;
}

class AddItemsBody {
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, minItems: 1, maxItems: 200 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  items!: unknown[];
}

class RevisionBody {
  @ApiProperty({ example: 'logo' })
  @IsString()
  @Length(1, 64)
  item_key!: string;

  @ApiProperty({ example: 'Please send the logo as SVG.', maxLength: 2000 })
  @Transform(trim)
  @IsString()
  @Length(1, 2000)
  note!: string;
}

class DoneBody {
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  done?: boolean;
}

class AnswerBody {
  @ApiProperty({ description: 'one of the options (select) or a list of them (multiselect)', example: 'clean' })
  @IsDefined()
  value!: unknown;
}

class WaiveBody {
  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2000)
  reason?: string;
}

class WaiverDecisionBody {
  @ApiProperty()
  @IsBoolean()
  accept!: boolean;

  @ApiPropertyOptional({ maxLength: 2000, description: 'goes to the audit log only' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  note?: string;
}

class PatchItemBody {
  @ApiPropertyOptional({ enum: ITEM_TYPES })
  @IsOptional()
  @IsIn(ITEM_TYPES)
  type?: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  label?: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  help?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  required?: boolean;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsObject()
  constraints?: Record<string, unknown> | null;

  @ApiPropertyOptional({ nullable: true, maxLength: 5000 })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(5000)
  owner_note?: string | null;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  discard_submitted_value?: boolean;
}

const itemIn = (detail: IntakeDetail, key: string): ItemView => {
  const item = detail.items.find((i) => i.key === key);
  if (!item) throw itemNotFound(key);
  return itemView(item, detail.files);
};

/** The owner's operations on items. Every one is 409 intake_archived on an archived intake. */
@ApiTags('items')
@Controller('v1/intakes/:id')
export class ItemsController {
  constructor(private readonly items: ItemService) {}

  @Post('items')
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary: 'Add items; the client is told by e-mail (live, sent intakes). 422 for a key the intake already has.',
  })
  @ApiCreatedResponse({ type: ItemsAddedResponse })
  async add(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Body() body: AddItemsBody,
    @Meta() meta: RequestMeta,
  ): Promise<ItemsAddedResponse> {
    const { intake, added, clientNotified } = await this.items.add(p, id, body.items, meta);
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
  async approve(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Body() body: NoteBody,
    @Meta() meta: RequestMeta,
  ): Promise<ItemResponse> {
    return { item: itemIn(await this.items.approve(p, id, key, body.note ?? null, meta), key) };
  }

  @Patch('items/:key')
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary:
      'Change an item’s definition (key cannot change). 409 item_answer_would_be_discarded if the client’s answer would become invalid, unless discard_submitted_value is true.',
  })
  @ApiOkResponse({ type: ItemResponse })
  async update(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Body() body: PatchItemBody,
    @Meta() meta: RequestMeta,
  ): Promise<ItemResponse> {
    return { item: itemIn(await this.items.update(p, id, key, body, meta), key) };
  }

  @Post('revision')
  @HttpCode(200)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary:
      'Send a submitted or approved item back to the client with a note (402 plan_required on Free; 409 for other statuses).',
  })
  @ApiOkResponse({ type: RevisionResponse })
  async revision(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Body() body: RevisionBody,
    @Meta() meta: RequestMeta,
  ): Promise<RevisionResponse> {
    const { clientNotified } = await this.items.requestRevision(p, id, body.item_key, body.note, meta);
    return { intake_id: id, item_key: body.item_key, status: 'needs_revision', client_notified: clientNotified };
  }

  @Post('items/:key/done')
  @HttpCode(200)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({ summary: 'Tick off (or reopen) an owner item; client items are 400.' })
  @ApiOkResponse({ type: DoneResponse })
  async done(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Body() body: DoneBody,
    @Meta() meta: RequestMeta,
  ): Promise<DoneResponse> {
    const done = body.done ?? true;
    const item = itemIn(await this.items.markDone(p, id, key, done, meta), key);
    return { key, done, status: item.status };
  }

  @Post('items/:key/received-outside')
  @HttpCode(200)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary:
      'Mark a client item as received another way (approved); may complete the intake. 400 owner item; 409 approved or waived.',
  })
  @ApiOkResponse({ type: ReceivedOutsideResponse })
  async receivedOutside(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Body() body: NoteBody,
    @Meta() meta: RequestMeta,
  ): Promise<ReceivedOutsideResponse> {
    const detail = await this.items.markReceivedOutside(p, id, key, body.note ?? null, meta);
    const item = itemIn(detail, key);
    return { key, status: item.status, received_outside: item.received_outside, intake_status: detail.intake.status };
  }

  @Delete('items/:key/received-outside')
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary:
      'Undo the mark: the item waits for the client again and a completed intake reopens. 404 if it was never marked.',
  })
  @ApiOkResponse({ type: ReceivedOutsideResponse })
  async undoReceivedOutside(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Meta() meta: RequestMeta,
  ): Promise<ReceivedOutsideResponse> {
    const detail = await this.items.undoReceivedOutside(p, id, key, meta);
    const item = itemIn(detail, key);
    return { key, status: item.status, received_outside: item.received_outside, intake_status: detail.intake.status };
  }

  @Post('items/:key/answer')
  @HttpCode(200)
  @Access({ via: 'session', scope: 'intakes:write' })
  @ApiOperation({
    summary:
      'Settle a decision item (owner select or multiselect); the value must be among its options. Sessions only; other items 400.',
  })
  @ApiOkResponse({ type: AnswerResponse })
  async answer(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Body() body: AnswerBody,
    @Meta() meta: RequestMeta,
  ) {
    const detail = await this.items.answer(p, id, key, body.value, meta);
    const item = detail.items.find((i) => i.key === key);
    return { key, value: item?.value ?? null, status: item?.status, decided_by: item?.decided_by ?? null };
  }

  @Post('items/:key/waive')
  @HttpCode(200)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({ summary: 'Waive an item (owner closes it); may complete the intake.' })
  @ApiOkResponse({ type: ItemResponse })
  async waive(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Body() body: WaiveBody,
    @Meta() meta: RequestMeta,
  ): Promise<ItemResponse> {
    return { item: itemIn(await this.items.waive(p, id, key, body.reason ?? null, meta), key) };
  }

  @Post('items/:key/waive/decision')
  @HttpCode(200)
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary:
      'Accept or reject the client’s waiver proposal (409 if none is pending); the note goes to the audit log only.',
  })
  @ApiOkResponse({ type: ItemResponse })
  async decide(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Body() body: WaiverDecisionBody,
    @Meta() meta: RequestMeta,
  ): Promise<ItemResponse> {
    return { item: itemIn(await this.items.decideWaiver(p, id, key, body.accept, body.note ?? null, meta), key) };
  }

  @Delete('items/:key/waive')
  @Access({ via: 'any', scope: 'intakes:write' })
  @ApiOperation({
    summary:
      'Revert a waiver: the item is pending again, its value, submission and revision note discarded; a completed intake reopens.',
  })
  @ApiOkResponse({ type: ItemResponse })
  async unwaive(
    @CurrentPrincipal() p: Principal,
    @Param('id') id: string,
    @Param('key') key: string,
    @Meta() meta: RequestMeta,
  ): Promise<ItemResponse> {
    return { item: itemIn(await this.items.unwaive(p, id, key, meta), key) };
  }
}
