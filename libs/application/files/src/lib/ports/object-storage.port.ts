import { DomainError } from '@intake/errors';

/** A stream of bytes, whatever produced it (an HTTP request, a file, an S3 response). */
export type ByteStream = AsyncIterable<Uint8Array>;

export interface PutOptions {
  /** The upload fails, and leaves nothing behind, once more than this many bytes arrive. */
  maxBytes: number;
  contentType?: string;
}

export interface SignedUrlOptions {
  /** The name the browser saves the download under. */
  filename: string;
  contentType?: string;
  /** 24 hours unless said otherwise (docs/contract.md "Signed file URL validity"). */
  expiresInSeconds?: number;
}

export const SIGNED_URL_SECONDS = 24 * 3600;

/** Object keys are ours, never a client's file name: letters, digits, `-`, `_`, `.`, and `/` between segments. */
const KEY = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;

export function assertObjectPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new RangeError(`invalid object prefix "${prefix}"`);
  assertObjectKey(prefix.slice(0, -1));
}

export function assertObjectKey(key: string): void {
  if (key.length > 512 || !KEY.test(key)) throw new RangeError(`invalid object key "${key}"`);
}

/** An upload over its size limit: the spec's 422 with a `file.too_large` issue, never 413. */
export function fileTooLarge(maxBytes: number): DomainError {
  return new DomainError('unprocessable', `The file is larger than the ${maxBytes} bytes allowed.`, {
    reason: 'file.too_large',
    params: { max_bytes: maxBytes },
    details: [{ path: 'file', message: `is larger than ${maxBytes} bytes` }],
  });
}

/**
 * Object storage for uploads and brief files. Adapters: a local directory (development default)
 * and S3 (or any S3-compatible server). Writes stream: nothing is held whole in memory.
 */
export abstract class ObjectStorage {
  abstract readonly driver: 'fs' | 's3' | 'memory';
  /** Stores the stream under `key`; returns its size. Over maxBytes: fileTooLarge, and no object remains. */
  abstract put(key: string, body: ByteStream, options: PutOptions): Promise<{ size: number }>;
  abstract get(key: string): Promise<ByteStream>;
  /** The object's size, or undefined when there is none. */
  abstract stat(key: string): Promise<{ size: number } | undefined>;
  /** Removes the object; removing a missing one is not an error. */
  abstract delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (which must end with `/`). */
  abstract deletePrefix(prefix: string): Promise<void>;
  /** A URL anyone holding it may GET the object with until it expires. */
  abstract signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
  /** Resolves when the store accepts reads and writes; rejects with an operator-safe message. */
  abstract check(): Promise<void>;
}

/** Passes a stream through, failing with fileTooLarge as soon as it exceeds maxBytes. */
export async function* limitBytes(
  body: ByteStream,
  maxBytes: number,
  counter: { bytes: number },
): AsyncGenerator<Uint8Array> {
  for await (const chunk of body) {
    counter.bytes += chunk.byteLength;
    if (counter.bytes > maxBytes) throw fileTooLarge(maxBytes);
    yield chunk;
  }
}
