import { ApiProperty } from '@nestjs/swagger';
import { IsDefined } from 'class-validator';
import { OptionalText, RequiredText } from '../validation';

/** Request bodies of the portal API. */

export class PortalValueBody {
  @ApiProperty({
    oneOf: [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'array', items: {} },
      { type: 'object', additionalProperties: true },
    ],
    description: 'the answer, shaped by the item type (string, number, boolean, list, object)',
    example: 'We bake sourdough.',
  })
  @IsDefined()
  value!: unknown;
}

export class PortalWaiverBody {
  @RequiredText({ example: 'We do not have a logo yet.', maxLength: 2000 }, { min: 1, max: 2000, trim: true })
  reason!: string;
}

export class PortalIntakeNoteBody {
  @OptionalText(
    {
      nullable: true,
      maxLength: 2000,
      example: 'The invoices come from our accountant on Friday.',
      description:
        'the client’s note on the whole intake (the intake’s client_note): trimmed; null, empty or white space alone clears it',
    },
    { max: 2000, trim: true, nullable: true },
  )
  note!: string | null;
}

export class PortalNoteBody {
  @OptionalText(
    { nullable: true, maxLength: 2000, description: 'null clears it' },
    { max: 2000, trim: true, nullable: true },
  )
  note!: string | null;
}
