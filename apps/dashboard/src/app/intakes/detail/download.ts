/** The ZIP download's progress and its saving, apart from the page that shows them. */

export interface DownloadProgress {
  received: number;
  /** The bytes expected: Content-Length when the answer has one, else the preflight's estimate; null when unknown. */
  expected: number | null;
}

/** Percent done, 0 to 100; while the estimate is exceeded or the end not yet reached, at most 99. Null: unknown. */
export function progressPercent({ received, expected }: DownloadProgress, done = false): number | null {
  if (done) return 100;
  if (!expected || expected <= 0) return null;
  return Math.min(99, Math.floor((received / expected) * 100));
}

/** Bytes for people, in the language's way: 980 B, 1.2 kB, 34 MB, 1,5 GB. */
export function formatBytes(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  if (unit === 0) return `${new Intl.NumberFormat(language).format(value)} B`;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 || value >= 10 ? 0 : 1,
  }).format(value);
}

/** The expected size of an answer: its Content-Length, else `estimate`. */
export function expectedBytes(contentLength: string | null, estimate: number | null): number | null {
  const length = contentLength === null ? NaN : Number(contentLength);
  return Number.isInteger(length) && length > 0 ? length : estimate;
}

/** Reads `body` to its end, telling `onProgress` the bytes received after every chunk. */
export async function readAll(
  body: ReadableStream<Uint8Array>,
  onProgress: (received: number) => void,
): Promise<Uint8Array<ArrayBuffer>[]> {
  const reader = body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(new Uint8Array(value));
    received += value.byteLength;
    onProgress(received);
  }
}

/** The file name of a Content-Disposition header (filename* preferred), else `fallback`. */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name || fallback;
}
