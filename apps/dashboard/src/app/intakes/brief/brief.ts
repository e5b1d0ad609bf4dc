import type { components } from '@intake/sdk-types';
import { csrfToken } from '../../api/csrf';
import { errorMessageKey } from '../../api/error-message';
import { failureOf, NetworkFailure } from '../../api/failures';
import { type MessageKey } from '../../i18n/catalogues/en';
import { type Problem } from '../new/item-builder';

/**
 * The intake's brief for the client: its text (shown at the top of the portal, before the items)
 * and its files. The limits are the API's (the OpenAPI document: client_brief at most 5000
 * characters, trimmed, empty stored as null; POST /v1/intakes/{id}/brief/files at most 10 files of
 * 50 MiB each); the upload goes through XMLHttpRequest, whose upload events give its progress.
 */

export type BriefFile = components['schemas']['BriefFileView'];

export const BRIEF_LIMITS = {
  textMaxChars: 5_000,
  filesMax: 10,
  fileMaxBytes: 50 * 1024 * 1024,
} as const;

/** Characters as the API counts them (code points, not UTF-16 units). */
export const briefLength = (text: string): number => [...text.trim()].length;

/** The client_brief to send: trimmed, null when empty (the API stores an empty brief as null). */
export function briefOf(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** What is wrong with the brief's text: more than 5000 characters once trimmed. */
export function briefTextProblem(text: string): Problem | undefined {
  return briefLength(text) > BRIEF_LIMITS.textMaxChars
    ? { key: 'new_intake.problem.too_long', params: { n: BRIEF_LIMITS.textMaxChars } }
    : undefined;
}

/** What is wrong with the chosen files: more than the intake has room for (`present` are attached already), or one over 50 MiB. */
export function briefFilesProblem(files: readonly Pick<File, 'name' | 'size'>[], present = 0): Problem | undefined {
  if (present + files.length > BRIEF_LIMITS.filesMax) {
    return { key: 'brief.problem.too_many', params: { max: BRIEF_LIMITS.filesMax } };
  }
  const large = files.find((file) => file.size > BRIEF_LIMITS.fileMaxBytes);
  return large ? { key: 'brief.problem.too_large', params: { name: large.name } } : undefined;
}

/** The sentence for a failed upload: the reason's own, else the brief files' limits (never a raw code). */
export const uploadErrorKey = (failure: unknown): MessageKey => errorMessageKey(failure, 'brief_file');

/** The route that redirects to the file's signed URL (the owner's session is the credential). */
export const briefFileHref = (intakeId: string, fileId: string): string =>
  `/v1/intakes/${encodeURIComponent(intakeId)}/brief/files/${encodeURIComponent(fileId)}/url`;

/** The status a brief file's scan gives it; what the API may add later counts as still being checked. */
export type ScanStatus = 'clean' | 'infected' | 'pending';
export const scanStatusOf = (avStatus: string): ScanStatus =>
  avStatus === 'clean' || avStatus === 'infected' ? avStatus : 'pending';

/** How far an upload is: the bytes sent of the whole body, 0 to 100 (100 once sent; the scan follows). */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((loaded / total) * 100)));
}

/** The part of XMLHttpRequest an upload uses (a fake in the tests). */
export type UploadRequest = Pick<
  XMLHttpRequest,
  | 'open'
  | 'setRequestHeader'
  | 'send'
  | 'status'
  | 'responseText'
  | 'upload'
  | 'onload'
  | 'onerror'
  | 'onabort'
  | 'ontimeout'
>;

export interface UploadOptions {
  /** Told the percent sent after every chunk. */
  onProgress: (percent: number) => void;
  request?: () => UploadRequest;
  cookies?: () => string;
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/**
 * POST /v1/intakes/{id}/brief/files with the file as the one multipart field `file`: the session
 * cookie goes along (same origin) and the CSRF double-submit header as on every unsafe request of
 * the dashboard. Resolves to the stored file; an error answer rejects with ApiFailure, no answer
 * with NetworkFailure (as `unwrap` does for the other calls).
 */
export function uploadBriefFile(
  intakeId: string,
  file: Blob & { name?: string },
  { onProgress, request = () => new XMLHttpRequest(), cookies = () => document.cookie }: UploadOptions,
): Promise<BriefFile> {
  return new Promise((resolve, reject) => {
    const xhr = request();
    xhr.open('POST', `/v1/intakes/${encodeURIComponent(intakeId)}/brief/files`);
    const token = csrfToken(cookies());
    if (token) xhr.setRequestHeader('X-CSRF-Token', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(uploadPercent(event.loaded, event.total));
    };
    xhr.onload = () => {
      const body = parsed(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'file' in body) {
        onProgress(100);
        resolve((body as { file: BriefFile }).file);
      } else reject(failureOf(xhr.status, body));
    };
    const lost = () => reject(new NetworkFailure(new Error('the upload got no answer')));
    xhr.onerror = lost;
    xhr.onabort = lost;
    xhr.ontimeout = lost;
    const form = new FormData();
    form.append('file', file, file.name ?? 'file');
    xhr.send(form);
  });
}
