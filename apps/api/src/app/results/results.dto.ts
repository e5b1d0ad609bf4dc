import { ApiExtraModels, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ProgressView } from '../intakes/intake-responses.dto';
import { QueryFlag } from '../validation';

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

export class ResultsQuery {
  @QueryFlag({
    description: 'only items approved (with include_pending: or submitted) since this API key’s previous call',
  })
  only_new?: boolean;

  @QueryFlag({ description: 'also items the client submitted that are not approved yet' })
  include_pending?: boolean;

  @QueryFlag({ description: 'leave secret items out without revealing them (meta says secret_unavailable)' })
  exclude_secrets?: boolean;
}

export class ResultMetaView {
  @ApiProperty({ example: 'secret' }) type!: string;
  @ApiProperty({ enum: ['pending', 'submitted', 'approved', 'needs_revision', 'waived'], example: 'approved' })
  status!: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-23T09:14:07.000Z' }) submitted_at!: string | null;
  @ApiPropertyOptional({ type: 'integer', example: 1, description: 'uploads left out: antivirus pending or infected' })
  files_pending?: number;
  @ApiPropertyOptional({ enum: [true], description: 'a secret item left out of results' })
  secret_unavailable?: true;
  @ApiPropertyOptional({
    enum: ['excluded', 'missing_scope', 'already_revealed', 'expired', 'not_submitted'],
    description:
      'why: exclude_secrets; the key lacks secrets:read; revealed before (revealed_at); not revealed within 30 days of submission (purged); no answer',
  })
  reason?: string;
  @ApiPropertyOptional({ example: '2026-11-24T10:00:00.000Z' }) revealed_at?: string;
}

@ApiExtraModels(ResultMetaView)
export class ResultsResponse {
  @ApiProperty({ example: 'in_01HZX3K5Q8W7E2R9T4Y6U1I0P' }) intake_id!: string;
  @ApiProperty({ enum: ['draft', 'sent', 'in_progress', 'completed', 'archived'], example: 'in_progress' })
  status!: string;
  @ApiProperty({ type: ProgressView }) progress!: ProgressView;
  @ApiProperty({ type: [String], example: ['logo'], description: 'keys of required client items still outstanding' })
  missing!: string[];
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'item key → value shaped by type: text as strings, numbers as numbers, multiselect as arrays, structured as objects; file and image items as {url, filename, mime, size, checksum_sha256} (null while none is servable), file_list as an array of them; a secret’s text, released once',
  })
  results!: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: { $ref: '#/components/schemas/ResultMetaView' } })
  meta!: Record<string, ResultMetaView>;
  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 2000,
    example: 'The invoices come from our accountant on Friday.',
    description:
      'the client’s note on the whole intake, written in the portal (PUT /portal/v1/{slug}/note); null when none. Always present, whatever only_new says',
  })
  client_note!: string | null;
}

export class SkippedFileView {
  @ApiProperty({ example: 'photos' }) item_key!: string;
  @ApiProperty({ example: 'IMG_2041.HEIC' }) filename!: string;
  @ApiProperty({ enum: ['pending', 'infected'], example: 'pending' }) av_status!: string;
}

export class PreflightSecretsView {
  @ApiProperty({ type: 'integer', example: 2, description: 'secret items of the intake' }) total!: number;
  @ApiProperty({
    type: 'integer',
    example: 1,
    description: 'answers that can still be revealed (include_secrets=true would consume them)',
  })
  unrevealed!: number;
  @ApiProperty({ type: 'integer', example: 1 }) already_revealed!: number;
}

export class DownloadPreflightResponse {
  @ApiProperty({ type: 'integer', example: 12, description: 'uploads the ZIP holds' }) files!: number;
  @ApiProperty({
    type: 'integer',
    example: 48213004,
    description: 'their bytes (the reports and manifest add a few kilobytes)',
  })
  bytes!: number;
  @ApiProperty({
    type: [SkippedFileView],
    description: 'uploads left out (antivirus pending or infected), listed by name in the reports too',
  })
  skipped_files!: SkippedFileView[];
  @ApiProperty({ type: PreflightSecretsView }) secrets!: PreflightSecretsView;
  @ApiProperty({ example: false, description: 'bytes above max_bytes: the download would be 413 download_too_large' })
  too_large!: boolean;
  @ApiProperty({ type: 'integer', example: 5368709120, description: 'DOWNLOAD_MAX_BYTES' }) max_bytes!: number;
  @ApiProperty({ example: 'podklady-new-website-in_01HZX3K5Q8W7E2R9T4Y6U1I0P.zip' }) filename!: string;
  @ApiProperty({ type: 'integer', example: 12, description: 'files manifest.json lists (one per upload in the ZIP)' })
  manifest_files!: number;
}

export class DownloadQuery {
  @QueryFlag({
    description:
      'reveal the secret items’ values in podklady.pdf (never in podklady.md), consuming each one-time reveal; needs the account owner’s session or a key with secrets:read or admin (else 403 secrets_owner_only)',
  })
  include_secrets?: boolean;
}
