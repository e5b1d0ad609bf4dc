import type { ErrorDetail } from '@intake/errors';
import { fieldPath, indexPath } from './detail-paths';
import type { ItemDefinition, SubmittedFile } from './item-definition';
import { CONSTRAINT_MAXIMUMS } from './item-type-rules';
import { isFileType } from './item-types';
import { normaliseFormat } from './parse-item-definition';

/** Spellings of one format; a `jpg` rule must accept a file the sniffer calls `jpeg`. */
const FORMAT_ALIASES: Readonly<Record<string, readonly string[]>> = {
  jpg: ['jpeg', 'jpe'],
  jpeg: ['jpg', 'jpe'],
  tif: ['tiff'],
  tiff: ['tif'],
  htm: ['html'],
  html: ['htm'],
  heic: ['heif'],
  heif: ['heic'],
};

/** Vector images have no pixel width and are transparent wherever nothing is drawn. */
const VECTOR_FORMATS: readonly string[] = ['svg', 'svgz'];

/**
 * The submit-time checks of a file item's uploaded files: how many, which formats (by the sniffed
 * extension, or the sniffed MIME subtype, never the client's claim), how large, and for images width
 * and transparency. Facts the sniffer could not establish (width or alpha null) fail a rule that needs
 * them, because the service cannot vouch for what it did not measure.
 */
export function validateFileSet(
  definition: ItemDefinition,
  files: readonly SubmittedFile[],
  path = 'files',
): ErrorDetail[] {
  const { type, constraints } = definition;
  if (!isFileType(type)) return [{ path, message: `is not accepted for type ${type}: it takes a value` }];
  const details: ErrorDetail[] = [];

  if (type === 'file_list') {
    const minCount = constraints.min_count ?? 1;
    const maxCount = constraints.max_count ?? CONSTRAINT_MAXIMUMS.max_count;
    if (files.length < minCount) details.push({ path, message: `must contain at least ${filesCount(minCount)}` });
    else if (files.length > maxCount) details.push({ path, message: `must contain at most ${filesCount(maxCount)}` });
  } else if (files.length !== 1) {
    details.push({ path, message: 'must contain exactly one file' });
  }

  files.forEach((file, index) => details.push(...validateUploadedFile(definition, file, indexPath(path, index))));
  return details;
}

/**
 * The rules of one uploaded file, without the count rules: format (sniffed), size, and for images
 * width and transparency. Checked on upload, and for every file again at submit.
 */
export function validateUploadedFile(definition: ItemDefinition, file: SubmittedFile, at = 'file'): ErrorDetail[] {
  const { type, constraints } = definition;
  const details: ErrorDetail[] = [];
  const extension = normaliseFormat(file.extension);
  const subtype = normaliseFormat(file.mime.split(';')[0]?.split('/')[1] ?? '');
  if (constraints.formats) {
    if (!constraints.formats.some((format) => formatMatches(format, extension, subtype))) {
      details.push({
        path: fieldPath(at, 'extension'),
        message: `must be one of ${constraints.formats.join(', ')}`,
      });
    }
  } else if (type === 'image' && !file.mime.toLowerCase().startsWith('image/')) {
    details.push({ path: fieldPath(at, 'mime'), message: 'must be an image' });
  }

  if (!(file.size > 0)) details.push({ path: fieldPath(at, 'size'), message: 'must not be empty' });
  else if (constraints.max_bytes !== undefined && file.size > constraints.max_bytes) {
    details.push({
      path: fieldPath(at, 'size'),
      message: `must not be larger than ${constraints.max_bytes} bytes`,
    });
  }

  if (type !== 'image') return details;
  const vector = VECTOR_FORMATS.includes(extension);
  if (constraints.min_width !== undefined && !vector) {
    const width = file.width;
    if (width === undefined || width === null) {
      details.push({ path: fieldPath(at, 'width'), message: 'could not be measured' });
    } else if (width < constraints.min_width) {
      details.push({
        path: fieldPath(at, 'width'),
        message: `must be at least ${constraints.min_width} pixels`,
      });
    }
  }
  if (constraints.transparent_background === true && file.hasAlpha !== true && !(vector && file.hasAlpha == null)) {
    details.push({ path: fieldPath(at, 'hasAlpha'), message: 'must have a transparent background' });
  }
  return details;
}

function formatMatches(format: string, extension: string, subtype: string): boolean {
  const spellings = [format, ...(FORMAT_ALIASES[format] ?? [])];
  return spellings.includes(extension) || spellings.includes(subtype);
}

function filesCount(count: number): string {
  return count === 1 ? '1 file' : `${count} files`;
}
