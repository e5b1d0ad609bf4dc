import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ByteStream, FileFacts, FileInspector, fileTooLarge, Inspection, limitBytes } from '@intake/application-files';
import { heicToJpeg } from './heic';
import { imageFacts } from './image-facts';
import { sniff } from './sniff';

/** The sniffing window: file-type needs 4 KiB; image headers (JPEG's after EXIF) fit in this. */
export const HEAD_BYTES = 256 * 1024;
/** A HEIC photo is converted whole in memory; phones' photos are a few megabytes. */
export const HEIC_MAX_BYTES = 64 * 1024 * 1024;
const HEIC = new Set(['heic', 'heif']);

/**
 * The FileInspector: reads the first HEAD_BYTES to sniff, then passes the rest through while
 * hashing and counting, so an upload of any size streams from the request into storage.
 */
@Injectable()
export class StreamingFileInspector extends FileInspector {
  async inspect(upload: ByteStream, maxBytes: number, filename: string): Promise<Inspection> {
    const source = limitBytes(upload, maxBytes, { bytes: 0 })[Symbol.asyncIterator]();
    const head: Uint8Array[] = [];
    let headBytes = 0;
    let ended = false;
    try {
      while (headBytes < HEAD_BYTES) {
        const next = await source.next();
        if (next.done) {
          ended = true;
          break;
        }
        head.push(next.value);
        headBytes += next.value.byteLength;
      }
    } catch (error) {
      await source.return?.(undefined);
      throw error;
    }
    const headBuffer = Buffer.concat(head);
    const sniffed = await sniff(headBuffer, filename);

    if (HEIC.has(sniffed.extension)) {
      const whole = ended ? headBuffer : await readAll(head, source, Math.min(maxBytes, HEIC_MAX_BYTES));
      const jpeg = await heicToJpeg(whole);
      return measured(
        { mime: 'image/jpeg', extension: 'jpg', converted: true },
        (async function* () {
          yield jpeg;
        })(),
        Buffer.from(jpeg.buffer, jpeg.byteOffset, Math.min(jpeg.byteLength, HEAD_BYTES)),
      );
    }

    async function* body(): AsyncGenerator<Uint8Array> {
      try {
        yield* head;
        if (ended) return;
        for (;;) {
          const next = await source.next();
          if (next.done) return;
          yield next.value;
        }
      } finally {
        if (!ended) await source.return?.(undefined);
      }
    }
    return measured({ ...sniffed, converted: false }, body(), headBuffer);
  }
}

/** Passes body through, counting and hashing; facts() reports once it has been read. */
function measured(
  type: { mime: string; extension: string; converted: boolean },
  body: AsyncIterable<Uint8Array>,
  head: Uint8Array,
): Inspection {
  const hash = createHash('sha256');
  let size = 0;
  let complete = false;
  let facts: FileFacts | undefined;
  return {
    ...type,
    body: (async function* () {
      for await (const chunk of body) {
        hash.update(chunk);
        size += chunk.byteLength;
        yield chunk;
      }
      complete = true;
    })(),
    facts() {
      if (!complete) throw new Error('the upload has not been read to the end');
      facts ??= { ...type, size, sha256: hash.digest('hex'), ...imageFacts(head, type.extension) };
      return facts;
    },
  };
}

async function readAll(head: Uint8Array[], rest: AsyncIterator<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const chunks = [...head];
  let bytes = chunks.reduce((sum, c) => sum + c.byteLength, 0);
  try {
    for (;;) {
      const next = await rest.next();
      if (next.done) break;
      bytes += next.value.byteLength;
      if (bytes > maxBytes) throw fileTooLarge(maxBytes);
      chunks.push(next.value);
    }
  } finally {
    await rest.return?.(undefined);
  }
  return Buffer.concat(chunks);
}
