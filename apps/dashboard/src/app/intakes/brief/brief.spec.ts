import { errorMessageKey } from '../../api/error-message';
import { ApiFailure, NetworkFailure } from '../../api/failures';
import { en } from '../../i18n/catalogues/en';
import {
  BRIEF_LIMITS,
  briefFileHref,
  briefFilesProblem,
  briefOf,
  briefTextProblem,
  scanStatusOf,
  uploadBriefFile,
  uploadErrorKey,
  uploadPercent,
  type UploadRequest,
} from './brief';

const envelope = (error: string, reason?: string) => ({
  error,
  message: 'm',
  request_id: 'req_1',
  ...(reason ? { reason } : {}),
});

/** An XMLHttpRequest that records what was asked and answers when the test says. */
class FakeRequest {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const STORED = {
  id: 'bff_1',
  filename: 'moodboard.pdf',
  mime: 'application/pdf',
  size: 12,
  av_status: 'clean',
  created_at: '2026-11-02T09:15:00.000Z',
};

function start(cookies = 'theme=x; csrf_token=abc%3D; other=1') {
  const fake = new FakeRequest();
  const percents: number[] = [];
  const file = new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }) as Blob & { name: string };
  file.name = 'moodboard.pdf';
  const done = uploadBriefFile('in_1/x', file, {
    onProgress: (percent) => percents.push(percent),
    request: () => fake as unknown as UploadRequest,
    cookies: () => cookies,
  });
  return { fake, percents, done };
}

describe('the brief’s text', () => {
  it('is trimmed, and an empty one is null (the API stores it so)', () => {
    expect(briefOf('  Hi Petra,\nhere is the plan.  ')).toBe('Hi Petra,\nhere is the plan.');
    expect(briefOf(' \n ')).toBeNull();
  });

  it('may have 5000 characters once trimmed, counted as code points', () => {
    expect(briefTextProblem(`  ${'a'.repeat(5000)}  `)).toBeUndefined();
    expect(briefTextProblem('😀'.repeat(5000))).toBeUndefined();
    expect(briefTextProblem('a'.repeat(5001))).toEqual({ key: 'new_intake.problem.too_long', params: { n: 5000 } });
  });
});

describe('the brief’s files', () => {
  const file = (name: string, size = 10) => ({ name, size });

  it('are at most 10 with those already attached', () => {
    const ten = Array.from({ length: 10 }, (_, i) => file(`f${i}.pdf`));
    expect(briefFilesProblem(ten)).toBeUndefined();
    expect(briefFilesProblem([...ten, file('eleventh.pdf')])).toEqual({
      key: 'brief.problem.too_many',
      params: { max: 10 },
    });
    expect(briefFilesProblem([file('a.pdf')], 10)?.key).toBe('brief.problem.too_many');
    expect(briefFilesProblem([file('a.pdf')], 9)).toBeUndefined();
  });

  it('are each at most 50 MiB', () => {
    expect(briefFilesProblem([file('ok.pdf', BRIEF_LIMITS.fileMaxBytes)])).toBeUndefined();
    expect(briefFilesProblem([file('ok.pdf'), file('huge.mov', BRIEF_LIMITS.fileMaxBytes + 1)])).toEqual({
      key: 'brief.problem.too_large',
      params: { name: 'huge.mov' },
    });
  });

  it('open through the signed-URL route, and their scan status is one the page knows', () => {
    expect(briefFileHref('in_1', 'bff 2')).toBe('/v1/intakes/in_1/brief/files/bff%202/url');
    expect(scanStatusOf('clean')).toBe('clean');
    expect(scanStatusOf('infected')).toBe('infected');
    expect(scanStatusOf('pending')).toBe('pending');
    expect(scanStatusOf('something_new')).toBe('pending');
  });
});

describe('uploadPercent', () => {
  it('is the share of the bytes sent, whole, from 0 to 100', () => {
    expect(uploadPercent(0, 200)).toBe(0);
    expect(uploadPercent(99, 200)).toBe(49);
    expect(uploadPercent(200, 200)).toBe(100);
    expect(uploadPercent(300, 200)).toBe(100);
    expect(uploadPercent(10, 0)).toBe(0);
  });
});

describe('uploadBriefFile', () => {
  it('posts the file as the multipart field `file` with the CSRF header, and reports the progress', async () => {
    const { fake, percents, done } = start();
    expect(fake.method).toBe('POST');
    expect(fake.url).toBe('/v1/intakes/in_1%2Fx/brief/files');
    expect(fake.headers).toEqual({ 'X-CSRF-Token': 'abc=' });
    const sent = fake.body?.get('file') as File;
    expect(sent.name).toBe('moodboard.pdf');
    expect([...(fake.body?.keys() ?? [])]).toEqual(['file']);
    fake.progress(0, 400);
    fake.progress(100, 400, false); // no total known: not reported
    fake.progress(200, 400);
    fake.progress(400, 400);
    fake.answer(201, { file: STORED });
    await expect(done).resolves.toEqual(STORED);
    expect(percents).toEqual([0, 50, 100, 100]);
  });

  it('sends no CSRF header when the cookie is missing (the API then refuses with 403 csrf)', async () => {
    const { fake, done } = start('theme=x');
    expect(fake.headers).toEqual({});
    fake.answer(403, envelope('forbidden', 'csrf'));
    const failure = await done.catch((error: unknown) => error);
    expect(uploadErrorKey(failure)).toBe('error.forbidden.csrf');
  });

  it('rejects an error answer with ApiFailure, whose sentence comes from the catalogue', async () => {
    const cases: [number, unknown, string][] = [
      [422, envelope('unprocessable', 'file_infected'), 'error.unprocessable.file_infected'],
      [422, envelope('unprocessable', 'validation_failed'), 'error.unprocessable.brief_file'],
      [422, envelope('unprocessable', 'file.too_large'), 'error.unprocessable.file.too_large'],
      [402, envelope('quota_exceeded', 'storage'), 'error.quota_exceeded.storage'],
      [409, envelope('conflict', 'intake_archived'), 'error.conflict.intake_archived'],
      [404, envelope('not_found', 'intake_not_found'), 'error.not_found'],
      [502, '<html>bad gateway</html>', 'error.internal_error'],
    ];
    for (const [status, body, key] of cases) {
      const { fake, done } = start();
      fake.answer(status, body);
      const failure = await done.catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiFailure);
      expect((failure as ApiFailure).status).toBe(status);
      expect([status, uploadErrorKey(failure)]).toEqual([status, key]);
      expect(key in en).toBe(true);
    }
  });

  it('rejects with NetworkFailure when no answer came (dropped, aborted, timed out)', async () => {
    for (const event of ['onerror', 'onabort', 'ontimeout'] as const) {
      const { fake, done } = start();
      fake[event]?.();
      const failure = await done.catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(NetworkFailure);
      expect(uploadErrorKey(failure)).toBe('error.network');
    }
  });

  it('never shows a raw code: an unknown reason falls back to the brief files’ sentence', () => {
    const failure = new ApiFailure(422, envelope('unprocessable', 'something_new') as never);
    expect(uploadErrorKey(failure)).toBe('error.unprocessable.brief_file');
    expect(errorMessageKey(failure)).toBe('error.unprocessable');
  });
});
