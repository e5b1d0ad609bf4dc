import { isUnauthorized } from '../../api/failures';

/**
 * Saving the new intake with its brief files: the intake is created first (the files need its id),
 * then each file is uploaded, and only then is it sent when the owner chose Send. Without brief
 * files it is one request, as before (POST /v1/intakes with `send`); with them it is created as a
 * draft and sent by POST /v1/intakes/{id}/send once every file is in. A failed upload or send
 * leaves a draft, which SavedAsDraft reports.
 */

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed';

export interface UploadState {
  status: UploadStatus;
  /** Of the file's bytes sent, 0 to 100. */
  percent: number;
  error?: unknown;
}

export interface SaveSteps<F> {
  create(send: boolean): Promise<{ intake_id: string }>;
  upload(intakeId: string, file: F, onProgress: (percent: number) => void): Promise<unknown>;
  send(intakeId: string): Promise<unknown>;
}

export interface SaveRequest<F> {
  send: boolean;
  files: readonly F[];
  /** The draft an earlier attempt created: it is not created again. */
  intakeId?: string;
  /** What an earlier attempt did with each file: those done are not uploaded again. */
  states?: readonly UploadState[];
  /** Files the owner chose to leave out after they failed. */
  skipFailed?: boolean;
  onState: (index: number, state: UploadState) => void;
}

/** The intake exists as a draft, but a brief file was not uploaded or (for Send) it was not sent. */
export class SavedAsDraft extends Error {
  constructor(
    readonly intakeId: string,
    readonly failed: readonly { index: number; error: unknown }[],
    readonly sendFailure?: unknown,
  ) {
    super('the intake was saved as a draft');
    this.name = 'SavedAsDraft';
  }
}

/** Runs the steps; resolves to the intake's id once all is done, else rejects (a draft: SavedAsDraft). */
export async function saveIntake<F>(steps: SaveSteps<F>, request: SaveRequest<F>): Promise<string> {
  const { send, files, states = [], onState } = request;
  if (request.intakeId === undefined && files.length === 0) return (await steps.create(send)).intake_id;
  const intakeId = request.intakeId ?? (await steps.create(false)).intake_id;
  const failed: { index: number; error: unknown }[] = [];
  for (const [index, file] of files.entries()) {
    const before = states[index];
    if (before?.status === 'done') continue;
    if (before?.status === 'failed' && request.skipFailed) continue;
    onState(index, { status: 'uploading', percent: 0 });
    try {
      await steps.upload(intakeId, file, (percent) => onState(index, { status: 'uploading', percent }));
      onState(index, { status: 'done', percent: 100 });
    } catch (error) {
      // An ended session is the app's to handle (sign-in), not this draft's.
      if (isUnauthorized(error)) throw error;
      onState(index, { status: 'failed', percent: 0, error });
      failed.push({ index, error });
    }
  }
  if (failed.length > 0) throw new SavedAsDraft(intakeId, failed);
  if (send) {
    try {
      await steps.send(intakeId);
    } catch (error) {
      if (isUnauthorized(error)) throw error;
      throw new SavedAsDraft(intakeId, [], error);
    }
  }
  return intakeId;
}
