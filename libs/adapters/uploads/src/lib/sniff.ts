import { fileTypeFromBuffer } from 'file-type';

export interface Sniffed {
  mime: string;
  extension: string;
}

/** Text formats file-type cannot tell apart (they have no magic number): named by the file name, if it is text. */
const TEXT_FORMATS: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  md: 'text/markdown',
  json: 'application/json',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  ics: 'text/calendar',
  vcf: 'text/vcard',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  rtf: 'application/rtf',
};

/** An SVG document: its root element after an optional XML declaration, comments and doctype. */
const SVG_ROOT = /^\uFEFF?\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>/]/i;

export const UNKNOWN: Sniffed = { mime: 'application/octet-stream', extension: 'bin' };

/**
 * The content type of a file from its first bytes: file-type's magic numbers first; then text,
 * which has none: SVG by its root element, other text by the file name's extension among the text
 * formats (a `.pdf` that is text is `txt`), else `txt`. Anything else is `application/octet-stream`.
 */
export async function sniff(head: Uint8Array, filename: string): Promise<Sniffed> {
  const detected = await fileTypeFromBuffer(head);
  if (detected && detected.ext !== 'xml') return { mime: detected.mime, extension: detected.ext };
  const text = decodeText(head);
  if (text === undefined) return detected ? { mime: detected.mime, extension: detected.ext } : UNKNOWN;
  if (SVG_ROOT.test(text)) return { mime: 'image/svg+xml', extension: 'svg' };
  if (detected) return { mime: detected.mime, extension: detected.ext };
  const claimed = /\.([a-z0-9]{1,10})$/i.exec(filename)?.[1]?.toLowerCase();
  if (claimed && TEXT_FORMATS[claimed]) return { mime: TEXT_FORMATS[claimed], extension: claimed };
  return { mime: 'text/plain', extension: 'txt' };
}

/** The head as UTF-8 text, or undefined when it is binary (a NUL byte, or invalid UTF-8). */
function decodeText(head: Uint8Array): string | undefined {
  if (head.length === 0 || head.includes(0)) return undefined;
  // The window may end inside a multi-byte character: drop up to three trailing bytes of it.
  for (let cut = 0; cut <= 3 && cut < head.length; cut++) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut));
    } catch {
      // try a shorter window
    }
  }
  return undefined;
}
