/** Decisions about the page as a whole that need no DOM: polling for scans, links, what changed. */
import type { PortalFile, PortalItem } from './types';

/** How often the page looks again while a virus scan runs: 3 s, then half a second more each time. */
export const pollDelay = (polls: number): number => 3000 + polls * 500;
/** After this many looks the page stops polling (a scan that slow is the owner's problem). */
export const POLL_LIMIT = 40;

/**
 * Looks again now and then while a file is being scanned for viruses: at most one timer, backing
 * off, and at most POLL_LIMIT times in a row; the count starts again once nothing is pending.
 */
export class ScanPoller {
  private timer: ReturnType<typeof setTimeout> | 0 = 0;
  private polls = 0;

  constructor(private readonly poll: () => void) {}

  /** Called after every change of the page, with whether any scan is pending. */
  schedule(pending: boolean): void {
    if (this.timer) return;
    if (!pending) this.polls = 0;
    else if (this.polls < POLL_LIMIT) {
      this.timer = setTimeout(() => {
        this.timer = 0;
        this.polls += 1;
        this.poll();
      }, pollDelay(this.polls));
    }
  }
}

/** Whether any upload of these items is still waiting for its virus scan. */
export const scanPending = (items: Iterable<PortalItem>): boolean =>
  [...items].some((item) => (item.files || []).some((f) => f.av_status === 'pending'));

/** Only relative or http(s) links: never javascript: or data: from a response. */
export const safeUrl = (url: unknown): url is string =>
  typeof url === 'string' && (/^\/(?![/\\])/.test(url) || /^https?:\/\//i.test(url));

const fileKey = (files: readonly PortalFile[] | undefined) =>
  JSON.stringify((files || []).map((f) => [f.id, f.av_status]));

/**
 * What a fresh view changes of a file item on the page: its status or waiver (redraw the item),
 * only its files or their scans (redraw the files, keeping the rest), or nothing.
 */
export function fileItemChange(shown: PortalItem, fresh: PortalItem): 'item' | 'files' | null {
  if (fresh.status !== shown.status || fresh.waiver?.state !== shown.waiver?.state) return 'item';
  return fileKey(fresh.files) !== fileKey(shown.files) ? 'files' : null;
}
