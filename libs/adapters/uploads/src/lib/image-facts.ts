import { imageSize } from 'image-size';

export interface ImageFacts {
  width: number | null;
  height: number | null;
  hasAlpha: boolean | null;
}

const NONE: ImageFacts = { width: null, height: null, hasAlpha: null };
const RASTER = new Set(['png', 'jpg', 'gif', 'webp', 'bmp', 'tif', 'avif', 'ico', 'psd', 'svg']);

/**
 * Width, height and transparency of an image from its first bytes (every common format keeps them
 * in its header). Facts that cannot be read from the head are null: a rule needing them then fails.
 */
export function imageFacts(head: Uint8Array, extension: string): ImageFacts {
  if (!RASTER.has(extension)) return NONE;
  let width: number | null = null;
  let height: number | null = null;
  try {
    const size = imageSize(head);
    const rotated = size.orientation !== undefined && size.orientation >= 5;
    width = (rotated ? size.height : size.width) ?? null;
    height = (rotated ? size.width : size.height) ?? null;
  } catch {
    // not measurable from the head
  }
  return { width, height, hasAlpha: alphaOf(head, extension) };
}

function alphaOf(head: Uint8Array, extension: string): boolean | null {
  const buffer = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  switch (extension) {
    case 'jpg':
    case 'bmp':
      return false;
    case 'png': {
      // IHDR colour type 4 (grey + alpha) or 6 (RGBA), or a tRNS chunk before the image data.
      if (buffer.length < 26) return null;
      const colourType = buffer[25];
      if (colourType === 4 || colourType === 6) return true;
      const data = buffer.indexOf('IDAT', 8, 'latin1');
      const trns = buffer.indexOf('tRNS', 8, 'latin1');
      if (trns !== -1 && (data === -1 || trns < data)) return true;
      return data === -1 ? null : false;
    }
    case 'webp': {
      const chunk = buffer.toString('latin1', 12, 16);
      if (chunk === 'VP8X') return buffer.length > 20 ? (buffer[20]! & 0x10) !== 0 : null;
      if (chunk === 'VP8L') return buffer.length > 24 ? ((buffer.readUInt32LE(21) >>> 28) & 1) === 1 : null;
      return chunk === 'VP8 ' ? false : null;
    }
    case 'gif':
      // A graphic control extension with its transparency flag set.
      for (let i = buffer.indexOf(0x21); i !== -1 && i + 3 < buffer.length; i = buffer.indexOf(0x21, i + 1)) {
        if (buffer[i + 1] === 0xf9 && buffer[i + 2] === 0x04 && (buffer[i + 3]! & 1) === 1) return true;
      }
      return false;
    default:
      return null;
  }
}
