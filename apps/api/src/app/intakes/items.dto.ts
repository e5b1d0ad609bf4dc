import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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
import { ITEM_TYPES } from '@intake/domain-items';

/** Request bodies of the owner's item operations. */

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class NoteBody {
  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2000)
  note?: string;
}

export class AddItemsBody {
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, minItems: 1, maxItems: 200 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  items!: unknown[];
}

export class RevisionBody {
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

export class DoneBody {
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  done?: boolean;
}

export class AnswerBody {
  @ApiProperty({ description: 'one of the options (select) or a list of them (multiselect)', example: 'clean' })
  @IsDefined()
  value!: unknown;
}

export class WaiveBody {
  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2000)
  reason?: string;
}

export class WaiverDecisionBody {
  @ApiProperty()
  @IsBoolean()
  accept!: boolean;

  @ApiPropertyOptional({ maxLength: 2000, description: 'goes to the audit log only' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  note?: string;
}

export class PatchItemBody {
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
