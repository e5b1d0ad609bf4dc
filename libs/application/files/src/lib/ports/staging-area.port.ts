import { type ByteStream } from './object-storage.port';

/** Bytes held on the side until they may be stored: readable as often as needed, then discarded. */
export interface StagedFile {
  /** A fresh stream over the staged bytes. */
  read(): ByteStream;
  /** Removes the staged bytes; safe to call more than once. */
  discard(): Promise<void>;
}

/**
 * A place to put an upload while it is checked before it may reach object storage (a brief file
 * is scanned before it is stored). The adapter uses a temporary directory; nothing stays there.
 */
export abstract class StagingArea {
  /** Copies the stream to the side; rejects with the stream's error (and keeps nothing) if it fails. */
  abstract stage(body: ByteStream): Promise<StagedFile>;
}
