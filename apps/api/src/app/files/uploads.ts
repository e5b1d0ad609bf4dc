import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FileLink, type IncomingFile } from '@intake/application-files';
import { validationFailed } from '@intake/errors';

const fileRequired = (message: string) => validationFailed([{ path: 'file', message }]);

/**
 * The one file of a multipart/form-data request, as a stream: the field must be named `file`.
 * Anything else (another content type, no file, another field name) is 422 naming `file`.
 */
export async function incomingFile(request: FastifyRequest): Promise<IncomingFile> {
  if (!request.isMultipart()) throw fileRequired('is required: send multipart/form-data with one field named "file"');
  let part;
  try {
    part = await request.file();
  } catch {
    throw fileRequired('could not be read from the multipart/form-data body');
  }
  if (!part) throw fileRequired('is required: the body has no file part');
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw fileRequired(`is required: the file part is named "${part.fieldname}", not "file"`);
  }
  return { filename: part.filename, body: part.file };
}

/**
 * Runs `use` with the request's file. When it fails before reading the file to the end, the rest
 * of the upload is read and discarded, so the error response goes out on a connection that stays
 * usable (an unread multipart body would stall it).
 */
export async function withIncomingFile<T>(
  request: FastifyRequest,
  use: (file: IncomingFile) => Promise<T>,
): Promise<T> {
  const file = await incomingFile(request);
  try {
    return await use(file);
  } catch (error) {
    // Whatever the multipart parser still holds is dropped, and the rest of the body is read and
    // discarded, so the client (still sending) receives the error response.
    request.raw.unpipe();
    request.raw.resume();
    throw error;
  }
}

/** OpenAPI for a multipart upload with one field `file`. */
export const ApiFileUpload = () =>
  applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: ['file'],
        properties: { file: { type: 'string', format: 'binary', description: 'the file; its type is sniffed' } },
      },
    }),
  );

/** 302 to a signed URL; nobody caches it (it is a credential for 24 hours). */
export async function redirectTo(reply: FastifyReply, link: FileLink): Promise<void> {
  await reply.header('cache-control', 'private, no-store').redirect(link.url, 302);
}
