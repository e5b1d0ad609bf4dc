import { Client } from 'minio';
import {
  assertObjectKey,
  assertObjectPrefix,
  type ByteStream,
  limitBytes,
  ObjectStorage,
  type PutOptions,
  SIGNED_URL_SECONDS,
  type SignedUrlOptions,
} from '@intake/application-files';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  pathStyle: boolean;
  /** Multipart part size in bytes (at least 5 MiB); 8 MiB by default. */
  partSize?: number;
}

/**
 * Multipart part size. With an unknown length the client would otherwise size parts for a 5 TiB
 * object and hold one in memory at a time; 8 MiB keeps a 1 GiB upload under the memory target
 * (and allows objects up to 80 GiB within S3's 10,000 parts).
 */
const PART_SIZE = 8 * 1024 * 1024;

/**
 * The body as parts of `size` bytes (the last may be shorter), copied into one reused buffer: the
 * consumer must be done with a part before it asks for the next, so one part's worth of memory is
 * all an upload of any length holds.
 */
async function* inParts(body: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Buffer> {
  const part = Buffer.allocUnsafe(size);
  let length = 0;
  for await (const chunk of body) {
    let offset = 0;
    while (offset < chunk.byteLength) {
      const take = Math.min(size - length, chunk.byteLength - offset);
      part.set(chunk.subarray(offset, offset + take), length);
      length += take;
      offset += take;
      if (length === size) {
        yield part;
        length = 0;
      }
    }
  }
  if (length > 0) yield part.subarray(0, length);
}

/**
 * Content-Disposition of every file we hand out: always `attachment` (an uploaded HTML or SVG file
 * is never rendered on our origin or the bucket's), an ASCII fallback `filename` (RFC 6266; quotes,
 * backslashes, control and non-ASCII characters become `_`, so no name can end the header) and the
 * exact name as `filename*` (RFC 8187: `'()*`, which encodeURIComponent leaves, are not attr-chars).
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** Object storage on S3 or any S3-compatible server, through the minio client. */
export class S3ObjectStorage extends ObjectStorage {
  readonly driver = 's3' as const;
  readonly client: Client;

  constructor(private readonly settings: S3Settings) {
    super();
    const url = new URL(settings.endpoint);
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      useSSL: url.protocol === 'https:',
      accessKey: settings.accessKey,
      secretKey: settings.secretKey,
      region: settings.region,
      pathStyle: settings.pathStyle,
    });
  }

  /**
   * Streams the body up as parts of known length: a body shorter than one part is a single PUT,
   * a longer one a multipart upload. One part is held in memory at a time (one buffer, reused).
   * (An upload of unknown length as one chunked PUT is refused by S3 and by S3-compatible servers.)
   */
  async put(key: string, body: ByteStream, options: PutOptions): Promise<{ size: number }> {
    assertObjectKey(key);
    const counter = { bytes: 0 };
    const headers = { 'Content-Type': options.contentType ?? 'application/octet-stream' };
    const parts = inParts(limitBytes(body, options.maxBytes, counter), this.settings.partSize ?? PART_SIZE)[
      Symbol.asyncIterator
    ]();
    // (parts are views of one buffer: each is uploaded before the next is read)
    let uploadId: string | undefined;
    try {
      const first = await parts.next();
      const partSize = this.settings.partSize ?? PART_SIZE;
      if (first.done || first.value.length < partSize) {
        // Everything fitted in one part: a single PUT.
        const single = first.done ? Buffer.alloc(0) : first.value;
        await this.client.putObject(this.settings.bucket, key, single, single.length, headers);
        return { size: counter.bytes };
      }
      uploadId = await this.client.initiateNewMultipartUpload(this.settings.bucket, key, headers);
      const etags: Array<{ part: number; etag: string }> = [];
      let current: IteratorResult<Buffer> = first;
      for (let part = 1; !current.done; part += 1) {
        const uploaded = await this.client.uploadPart(
          { bucketName: this.settings.bucket, objectName: key, uploadID: uploadId, partNumber: part, headers: {} },
          current.value,
        );
        etags.push({ part, etag: uploaded.etag });
        current = await parts.next();
      }
      await this.client.completeMultipartUpload(this.settings.bucket, key, uploadId, etags);
      return { size: counter.bytes };
    } catch (error) {
      if (uploadId) await this.client.abortMultipartUpload(this.settings.bucket, key, uploadId).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<ByteStream> {
    assertObjectKey(key);
    return this.client.getObject(this.settings.bucket, key);
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    assertObjectKey(key);
    try {
      return { size: (await this.client.statObject(this.settings.bucket, key)).size };
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'NotFound' || code === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    await this.client.removeObject(this.settings.bucket, key);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertObjectPrefix(prefix);
    const names: string[] = [];
    for await (const item of this.client.listObjectsV2(this.settings.bucket, prefix, true)) {
      if (item.name) names.push(item.name);
    }
    for (let i = 0; i < names.length; i += 1000)
      await this.client.removeObjects(this.settings.bucket, names.slice(i, i + 1000));
  }

  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    assertObjectKey(key);
    return this.client.presignedGetObject(this.settings.bucket, key, options.expiresInSeconds ?? SIGNED_URL_SECONDS, {
      'response-content-disposition': attachmentDisposition(options.filename),
      ...(options.contentType ? { 'response-content-type': options.contentType } : {}),
    });
  }

  async check(): Promise<void> {
    const exists = await this.client.bucketExists(this.settings.bucket);
    if (!exists) throw new Error(`bucket ${this.settings.bucket} does not exist`);
  }
}
