import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ObjectStorage } from '@intake/application-files';
import { DomainError } from '@intake/errors';
import { ApiErrors, Public } from '@intake/http';
import { attachmentDisposition } from '@intake/s3';
import { FsObjectStorage } from '@intake/storage-fs';

/**
 * Signed file URLs of the local-directory storage driver (with S3 the URLs point at S3 itself).
 * The signature covers key, expiry, file name and type, so nothing in the URL can be changed.
 */
@ApiTags('files')
@Public()
@Controller('v1/files')
export class FilesController {
  constructor(private readonly storage: ObjectStorage) {}

  @Get('signed')
  @ApiOperation({
    summary: 'Download a file through a signed URL (local storage only).',
    description:
      'Where the signed URLs that other operations hand out point when the service stores files on its own disk (the fs storage driver); with S3 storage they point at the bucket instead and this route is 404. Never build these URLs yourself: follow the Location or url you were given. Public: the signature is the credential; 403 invalid_signature when expired or altered, 404 when the file is gone.',
    security: [],
  })
  @ApiProduces('application/octet-stream')
  // The URL's own query, as signedUrl() writes it: every part is covered by the signature.
  @ApiQuery({ name: 'key', required: true, type: String, description: 'the stored object' })
  @ApiQuery({
    name: 'expires',
    required: true,
    schema: { type: 'string', pattern: '^\\d{1,12}$' },
    description: 'Unix seconds',
  })
  @ApiQuery({ name: 'filename', required: true, type: String, description: 'the download’s file name' })
  @ApiQuery({ name: 'type', required: true, type: String, description: 'its Content-Type, or empty' })
  @ApiQuery({ name: 'sig', required: true, type: String, description: 'HMAC-SHA256 of the above, base64url' })
  @ApiErrors({ error: 'forbidden', reason: 'invalid_signature' }, { error: 'not_found' })
  async download(@Query() query: Record<string, string>, @Res() reply: FastifyReply): Promise<void> {
    if (!(this.storage instanceof FsObjectStorage)) throw new DomainError('not_found', 'No such route or resource.');
    const signed = this.storage.verify(query);
    if (!signed)
      throw new DomainError('forbidden', 'This link is invalid or has expired.', { reason: 'invalid_signature' });
    const size = await this.storage.stat(signed.key);
    if (!size) throw new DomainError('not_found', 'The file no longer exists.');
    await reply
      .header('content-type', signed.contentType ?? 'application/octet-stream')
      .header('content-length', String(size.size))
      .header('content-disposition', attachmentDisposition(signed.filename))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(await this.storage.get(signed.key));
  }
}
