/**
 * Uploads of a file item: one at a time, with progress; a network error or a 5xx may be retried,
 * any other refusal is final.
 */
import { type Answer, answer, type Problem } from './api';
import type { PortalItem } from './types';

export type UploadState = 'queued' | 'uploading' | 'failed';

export interface UploadJob {
  readonly file: File;
  state: UploadState;
  /** 0–100 while uploading */
  percent: number;
  /** Why it failed, in words. */
  message: string;
  /** Whether trying again may help (the network or the server failed, not the file). */
  retryable: boolean;
}

/** Sends one file and reports its progress in whole percent. */
export type SendFile = (file: File, onProgress: (percent: number) => void) => Promise<Answer>;

/** What the page does as uploads go; every method is called after the job's state changed. */
export interface UploadListener {
  /** A job was added, started, failed or queued again: draw its row. */
  changed(job: UploadJob): void;
  progress(job: UploadJob): void;
  /** Uploaded or dismissed: its row goes. */
  removed(job: UploadJob): void;
  uploaded(job: UploadJob, body: unknown): void;
  failed(job: UploadJob): void;
  /** The intake was archived meanwhile: the queue is emptied and nothing more is sent. */
  archived(): void;
  /** After every change of the queue: what it shows around the rows may change too. */
  settled(): void;
}

/** A network failure or a server error may pass; a refusal of the file will not. */
export const isRetryable = (status: number): boolean => status === 0 || status >= 500;

/** The upload queue of one item. */
export class UploadQueue {
  readonly jobs: UploadJob[] = [];

  constructor(
    private readonly send: SendFile,
    private readonly listener: UploadListener,
    private readonly describe: (problem: Problem) => string,
  ) {}

  /** Whether anything is still to be sent. */
  get working(): boolean {
    return this.jobs.some((job) => job.state === 'queued' || job.state === 'uploading');
  }

  /** Queues a file; with a refusal (too large) it fails at once, without being sent. */
  add(file: File, refusal?: string): UploadJob {
    const job: UploadJob = {
      file,
      state: refusal ? 'failed' : 'queued',
      percent: 0,
      message: refusal ?? '',
      retryable: false,
    };
    this.jobs.push(job);
    this.listener.changed(job);
    this.pump();
    return job;
  }

  /** Queues a failed upload again. */
  retry(job: UploadJob): void {
    job.state = 'queued';
    this.listener.changed(job);
    this.pump();
  }

  /** Forgets a failed upload. */
  dismiss(job: UploadJob): void {
    this.remove(job);
  }

  private remove(job: UploadJob): void {
    const index = this.jobs.indexOf(job);
    if (index >= 0) this.jobs.splice(index, 1);
    this.listener.removed(job);
  }

  /** Starts the next queued upload unless one is under way. */
  private pump(): void {
    const next = this.jobs.find((job) => job.state === 'queued');
    if (next && !this.jobs.some((job) => job.state === 'uploading')) void this.upload(next);
    this.listener.settled();
  }

  private async upload(job: UploadJob): Promise<void> {
    job.state = 'uploading';
    job.percent = 0;
    this.listener.changed(job);
    const res = await this.send(job.file, (percent) => {
      job.percent = percent;
      this.listener.progress(job);
    });
    if (res.ok) {
      this.remove(job);
      this.listener.uploaded(job, res.body);
    } else if (res.problem.reason === 'intake_archived') {
      this.jobs.length = 0;
      this.listener.archived();
      return;
    } else {
      job.state = 'failed';
      job.retryable = isRetryable(res.status);
      job.message = this.describe(res.problem);
      this.listener.changed(job);
      this.listener.failed(job);
    }
    this.pump();
  }
}

/**
 * POSTs a file as multipart field `file`. XMLHttpRequest rather than fetch: only it reports upload
 * progress. A network error or timeout is an answer with status 0.
 */
export function createSendFile(url: string): SendFile {
  return (file, onProgress) =>
    new Promise<Answer>((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url);
      xhr.setRequestHeader('accept', 'application/json');
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(Math.floor((event.loaded * 100) / event.total));
      });
      xhr.addEventListener('load', () => resolve(answer(xhr.status, xhr.responseText)));
      xhr.addEventListener('error', () => resolve(answer(0, '')));
      xhr.addEventListener('timeout', () => resolve(answer(0, '')));
      const form = new FormData();
      form.append('file', file, file.name);
      xhr.send(form);
    });
}

const FORMAT_ALIASES: Readonly<Record<string, string[]>> = {
  jpg: ['jpeg'],
  jpeg: ['jpg'],
  tif: ['tiff'],
  tiff: ['tif'],
  heic: ['heif'],
  heif: ['heic'],
};

/** The file input's `accept`: the item's formats as extensions (with their aliases), or any image. */
export function acceptOf(item: PortalItem): string | null {
  const formats = item.constraints?.formats || [];
  if (!formats.length) return item.type === 'image' ? 'image/*' : null;
  const all = formats.flatMap((f) => [f].concat(FORMAT_ALIASES[f] || [])).map((f) => '.' + f);
  return Array.from(new Set(all)).join(',');
}
