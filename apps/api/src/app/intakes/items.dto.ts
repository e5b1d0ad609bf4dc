import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsObject,
  IsString,
  MaxLength,
} from 'class-validator';
import { ITEM_LIMITS, ITEM_TYPES } from '@intake/domain-items';
import { NOT_BLANK_PATTERN, Optional, OptionalText, RequiredText, OptionalBoolean, OptionalOneOf } from '../validation';

/** Request bodies of the owner's item operations. */

export class NoteBody {
  @OptionalText({ maxLength: 2000 }, { max: 2000, trim: true })
  note?: string;
}

export class AddItemsBody {
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    minItems: 1,
    maxItems: 200,
    example: [{ key: 'invoice', type: 'file', label: 'Invoice', constraints: { formats: ['pdf'] } }],
    description: 'item definitions (see the Item resource); keys the intake does not have yet',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  items!: unknown[];
}

export class RevisionBody {
  @RequiredText({ example: 'logo' }, { min: 1, max: 64 })
  item_key!: string;

  @RequiredText({ example: 'Please send the logo as SVG.', maxLength: 2000 }, { min: 1, max: 2000, trim: true })
  note!: string;
}

export class DoneBody {
  @OptionalBoolean({ default: true })
  done?: boolean;
}

export class AnswerBody {
  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    description: 'one of the options (select) or a list of them (multiselect)',
    example: 'clean',
  })
  @IsDefined()
  value!: unknown;
}

export class WaiveBody {
  @OptionalText({ maxLength: 2000 }, { max: 2000, trim: true })
  reason?: string;
}

export class WaiverDecisionBody {
  @ApiProperty()
  @IsBoolean()
  accept!: boolean;

  @OptionalText({ maxLength: 2000, description: 'goes to the audit log only' }, { max: 2000 })
  note?: string;
}

export class PatchItemBody {
  @OptionalOneOf(ITEM_TYPES, { enum: ITEM_TYPES })
  type?: string;

  @ApiPropertyOptional({ maxLength: ITEM_LIMITS.labelMaxChars, pattern: NOT_BLANK_PATTERN })
  @Optional()
  @IsString()
  label?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: ITEM_LIMITS.helpMaxChars })
  @Optional({ nullable: true })
  @IsString()
  help?: string | null;

  @OptionalBoolean()
  required?: boolean;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true })
  @Optional({ nullable: true })
  @IsObject()
  constraints?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 5000 })
  @Optional({ nullable: true })
  @IsString()
  @MaxLength(5000)
  owner_note?: string | null;

  @OptionalBoolean({ default: false })
  discard_submitted_value?: boolean;
}
