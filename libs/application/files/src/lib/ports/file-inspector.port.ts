import { type ByteStream } from './object-storage.port';

/** What the upload pipeline found out about a file: sniffed from the content, never the client's claim. */
export interface FileFacts {
  mime: string;
  /** The sniffed format as a lower-case extension (`png`, `pdf`); `jpg` after a HEIC conversion. */
  extension: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  /** Whether the image can be transparent; null when unknown or not an image. */
  hasAlpha: boolean | null;
  /** A HEIC/HEIF photo was converted to JPEG: the stored bytes are the JPEG. */
  converted: boolean;
}

export interface Inspection {
  mime: string;
  extension: string;
  converted: boolean;
  /** The bytes to store (the JPEG when converted); read it once, to the end. */
  body: ByteStream;
  /** The facts about what `body` yielded; call after it has been read to the end. */
  facts(): FileFacts;
}

/**
 * The upload pipeline's first stage: sniffs the content type from the first bytes, converts
 * HEIC/HEIF to JPEG, and measures size, SHA-256 and image dimensions while the bytes stream by.
 * Everything past the sniffing window streams: nothing but a HEIC photo is held whole.
 */
export abstract class FileInspector {
  /**
   * Fails with fileTooLarge as soon as more than maxBytes arrive. The file name only names text
   * formats that have no magic number (csv, md, …), and only when the content is text.
   */
  abstract inspect(upload: ByteStream, maxBytes: number, filename: string): Promise<Inspection>;
}
