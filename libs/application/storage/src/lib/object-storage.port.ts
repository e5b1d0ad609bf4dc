/**
 * Object storage for uploads and brief files. The adapters (local directory, S3) bind it; the
 * upload and download operations arrive with the portal work, and the port grows with them.
 */
export abstract class ObjectStorage {
  /** Which adapter is bound, for logs and probes. */
  abstract readonly driver: 'fs' | 's3';
  /** Resolves when the store accepts reads and writes; rejects with an operator-safe message. */
  abstract check(): Promise<void>;
}
