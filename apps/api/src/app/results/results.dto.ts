import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** POST …/items/:key/reveal: the first reveal, or the fact of an earlier one (both HTTP 200). */
export class RevealResponse {
  @ApiProperty({ example: 'hosting_password' }) key!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'hunter2',
    description: 'the secret, on the first reveal only; null once it was revealed',
  })
  value!: string | null;
  @ApiPropertyOptional({ enum: [true], description: 'present (true) on the first reveal' })
  first_reveal?: true;
  @ApiPropertyOptional({
    example: '2026-12-23T09:00:00.000Z',
    description:
      'on the first reveal: the end of the reveal window (30 days after the client sent the secret), when it would have been purged unrevealed; the value is no longer stored after this answer',
  })
  expires_at?: string;
  @ApiPropertyOptional({ enum: [true], description: 'present (true) when the secret was revealed before' })
  already_revealed?: true;
  @ApiPropertyOptional({ example: '2026-11-24T10:00:00.000Z', description: 'when it was revealed' })
  revealed_at?: string;
  @ApiPropertyOptional({ example: 'This secret was already revealed once; it is no longer stored.' })
  message?: string;
}
