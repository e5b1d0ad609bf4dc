import { ApiFailure } from '../../api/failures';
import { saveIntake, SavedAsDraft, type SaveSteps, type UploadState } from './save-intake';

const failure = (status: number, error: string, reason?: string) =>
  new ApiFailure(status, { error, message: 'm', request_id: 'r', ...(reason ? { reason } : {}) } as never);

/** The steps as a log of what was asked; `refuse` names files whose upload fails. */
function steps(refuse: Record<string, unknown> = {}, sendFailure?: unknown) {
  const log: string[] = [];
  const fake: SaveSteps<string> = {
    create: (send) => {
      log.push(`create send=${send}`);
      return Promise.resolve({ intake_id: 'in_1' });
    },
    upload: (id, file, onProgress) => {
      log.push(`upload ${id} ${file}`);
      onProgress(50);
      if (file in refuse) return Promise.reject(refuse[file]);
      onProgress(100);
      return Promise.resolve({ id: `bff_${file}` });
    },
    send: (id) => {
      log.push(`send ${id}`);
      return sendFailure === undefined ? Promise.resolve({}) : Promise.reject(sendFailure);
    },
  };
  return { fake, log };
}

function recorder() {
  const seen: [number, UploadState][] = [];
  const latest: UploadState[] = [];
  return {
    seen,
    latest,
    onState: (index: number, state: UploadState) => {
      seen.push([index, state]);
      latest[index] = state;
    },
  };
}

describe('saveIntake', () => {
  it('without brief files creates (and sends) in one request, as before', async () => {
    const { fake, log } = steps();
    await expect(saveIntake(fake, { send: true, files: [], onState: () => undefined })).resolves.toBe('in_1');
    expect(log).toEqual(['create send=true']);
  });

  it('with brief files and Send: a draft first, every upload with its progress, then the send', async () => {
    const { fake, log } = steps();
    const states = recorder();
    await expect(saveIntake(fake, { send: true, files: ['a.pdf', 'b.png'], onState: states.onState })).resolves.toBe(
      'in_1',
    );
    expect(log).toEqual(['create send=false', 'upload in_1 a.pdf', 'upload in_1 b.png', 'send in_1']);
    expect(states.seen.filter(([index]) => index === 0).map(([, state]) => state)).toEqual([
      { status: 'uploading', percent: 0 },
      { status: 'uploading', percent: 50 },
      { status: 'uploading', percent: 100 },
      { status: 'done', percent: 100 },
    ]);
  });

  it('with brief files as a draft: never sends', async () => {
    const { fake, log } = steps();
    await saveIntake(fake, { send: false, files: ['a.pdf'], onState: () => undefined });
    expect(log).toEqual(['create send=false', 'upload in_1 a.pdf']);
  });

  it('a failed upload leaves a draft, unsent, and still tries the other files', async () => {
    const infected = failure(422, 'unprocessable', 'file_infected');
    const { fake, log } = steps({ 'a.exe': infected });
    const states = recorder();
    const error = await saveIntake(fake, { send: true, files: ['a.exe', 'b.png'], onState: states.onState }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SavedAsDraft);
    expect(error).toMatchObject({ intakeId: 'in_1', failed: [{ index: 0, error: infected }] });
    expect(log).toEqual(['create send=false', 'upload in_1 a.exe', 'upload in_1 b.png']);
    expect(states.latest).toEqual([
      { status: 'failed', percent: 0, error: infected },
      { status: 'done', percent: 100 },
    ]);
  });

  it('a retry reuses the draft and uploads only what is not in yet, then sends', async () => {
    const { fake, log } = steps();
    const states = recorder();
    await saveIntake(fake, {
      send: true,
      files: ['a.exe', 'b.png'],
      intakeId: 'in_1',
      states: [
        { status: 'failed', percent: 0 },
        { status: 'done', percent: 100 },
      ],
      onState: states.onState,
    });
    expect(log).toEqual(['upload in_1 a.exe', 'send in_1']);
  });

  it('sending without the failed files skips them', async () => {
    const { fake, log } = steps();
    await saveIntake(fake, {
      send: true,
      files: ['a.exe', 'b.png'],
      intakeId: 'in_1',
      states: [
        { status: 'failed', percent: 0 },
        { status: 'done', percent: 100 },
      ],
      skipFailed: true,
      onState: () => undefined,
    });
    expect(log).toEqual(['send in_1']);
  });

  it('a refused send leaves the draft too, with the reason', async () => {
    const limited = failure(429, 'rate_limited', 'intake_invites');
    const { fake } = steps({}, limited);
    const error = await saveIntake(fake, { send: true, files: ['a.pdf'], onState: () => undefined }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ intakeId: 'in_1', failed: [], sendFailure: limited });
  });

  it('an ended session is passed on as it is (the app goes to sign-in)', async () => {
    const ended = failure(401, 'unauthorized');
    const { fake } = steps({ 'a.pdf': ended });
    await expect(saveIntake(fake, { send: false, files: ['a.pdf'], onState: () => undefined })).rejects.toBe(ended);
  });

  it('a refused create is passed on as it is (its details go to the fields)', async () => {
    const refused = failure(400, 'invalid_request', 'validation_error');
    const { fake } = steps();
    fake.create = () => Promise.reject(refused);
    await expect(saveIntake(fake, { send: true, files: ['a.pdf'], onState: () => undefined })).rejects.toBe(refused);
  });
});
