import { type AvStatus } from '@intake/application-intakes';
import { type FileFacts } from './ports/file-inspector.port';
import { type FileRecord } from './ports/file-store.port';

export function fileRecord(
  base: Pick<FileRecord, 'id' | 'account_id' | 'intake_id' | 'kind' | 'item_key' | 'filename' | 'storage_key'>,
  facts: FileFacts,
  av: { status: AvStatus; scannedAt: Date | null },
  now: Date,
): FileRecord {
  return {
    ...base,
    mime: facts.mime,
    extension: facts.extension,
    size: facts.size,
    width: facts.width,
    height: facts.height,
    has_alpha: facts.hasAlpha,
    checksum_sha256: facts.sha256,
    av_status: av.status,
    av_signature: null,
    scanned_at: av.scannedAt,
    scan_attempts: 0,
    created_at: now,
  };
}

/**
 * A client's file name, cleaned for display and Content-Disposition: the last path segment, no
 * control characters, at most 200 characters; a HEIC photo converted to JPEG ends in `.jpg`.
 */
export function cleanFilename(name: string | undefined, extension: string, converted: boolean): string {
  const lastSegment = (name ?? '').split(/[\\/]/).pop() ?? '';
  let base = [...lastSegment]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  if (!base || base === '.' || base === '..') base = `file.${extension}`;
  if (converted) base = `${base.replace(/\.(heic|heif)$/i, '')}.jpg`;
  if (base.length > 200) {
    const dot = base.lastIndexOf('.');
    const suffix = dot > 0 && base.length - dot <= 12 ? base.slice(dot) : '';
    base = base.slice(0, 200 - suffix.length) + suffix;
  }
  return base;
}
