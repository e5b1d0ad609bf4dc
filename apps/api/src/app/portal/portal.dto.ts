import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsOptional, IsString, Length, MaxLength, ValidateIf } from 'class-validator';

/** Request bodies of the portal API. */

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class PortalValueBody {
  @ApiProperty({
    description: 'the answer, shaped by the item type (string, number, boolean, list, object)',
    example: 'We bake sourdough.',
  })
  @IsDefined()
  value!: unknown;
}

export class PortalWaiverBody {
  @ApiProperty({ example: 'We do not have a logo yet.', maxLength: 2000 })
  @Transform(trim)
  @IsString()
  @Length(1, 2000)
  reason!: string;
}

export class PortalNoteBody {
  @ApiPropertyOptional({ nullable: true, maxLength: 2000, description: 'null clears it' })
  @ValidateIf((_, v) => v !== null)
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2000)
  note!: string | null;
}
