import { type Answer, answer, type Problem } from './api';
import type { PortalItem } from './types';
import { acceptOf, createSendFile, isRetryable, type SendFile, type UploadJob, UploadQueue } from './uploads';

/** A sender whose uploads finish when the test says so. */
function controlledSend() {
  const calls: { file: File; progress: (percent: number) => void; finish: (answer: Answer) => void }[] = [];
  const send: SendFile = (file, progress) => new Promise((finish) => calls.push({ file, progress, finish }));
  return { send, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const file = (name: string, size = 3) => new File(['x'.repeat(size)], name, { type: 'image/png' });
const describe422 = (problem: Problem) => `refused ${problem.status}: ${problem.message}`;

function queueWith(send: SendFile) {
  const events: string[] = [];
  const log = (name: string) => (job?: UploadJob) =>
    events.push(job ? `${name} ${job.file.name} ${job.state}${name === 'progress' ? ' ' + job.percent : ''}` : name);
  const listener = {
    changed: jest.fn(log('changed')),
    progress: jest.fn(log('progress')),
    removed: jest.fn(log('removed')),
    uploaded: jest.fn((job: UploadJob, body: unknown) =>
      events.push(`uploaded ${job.file.name} ${JSON.stringify(body)}`),
    ),
    failed: jest.fn(log('failed')),
    archived: jest.fn(log('archived')),
    settled: jest.fn(),
  };
  return { queue: new UploadQueue(send, listener, describe422), listener, events };
}

describe('the upload queue of an item', () => {
  it('sends one file at a time, in the order they were chosen', async () => {
    const { send, calls } = controlledSend();
    const { queue, events } = queueWith(send);
    queue.add(file('a.png'));
    queue.add(file('b.png'));
    expect(calls.map((c) => c.file.name)).toEqual(['a.png']);
    expect(queue.jobs.map((j) => j.state)).toEqual(['uploading', 'queued']);
    expect(queue.working).toBe(true);

    calls[0]?.finish(answer(201, '{"file":{"id":"f1"}}'));
    await settle();
    expect(calls.map((c) => c.file.name)).toEqual(['a.png', 'b.png']);
    calls[1]?.finish(answer(201, '{"file":{"id":"f2"}}'));
    await settle();
    expect(queue.jobs).toEqual([]);
    expect(queue.working).toBe(false);
    expect(events).toEqual([
      'changed a.png queued',
      'changed a.png uploading',
      'changed b.png queued',
      'removed a.png uploading',
      'uploaded a.png {"file":{"id":"f1"}}',
      'changed b.png uploading',
      'removed b.png uploading',
      'uploaded b.png {"file":{"id":"f2"}}',
    ]);
  });

  it('reports the progress of the upload under way', async () => {
    const { send, calls } = controlledSend();
    const { queue, events } = queueWith(send);
    const job = queue.add(file('a.png'));
    calls[0]?.progress(40);
    expect(job.percent).toBe(40);
    calls[0]?.progress(100);
    calls[0]?.finish(answer(201, '{}'));
    await settle();
    expect(events.filter((e) => e.startsWith('progress'))).toEqual([
      'progress a.png uploading 40',
      'progress a.png uploading 100',
    ]);
  });

  it.each([
    [0, true],
    [500, true],
    [503, true],
    [413, false],
    [422, false],
    [429, false],
  ])('after a failure with status %i offers to try again: %s', async (status, retryable) => {
    const { send, calls } = controlledSend();
    const { queue, listener } = queueWith(send);
    const job = queue.add(file('a.png'));
    calls[0]?.finish(answer(status, JSON.stringify({ error: { message: 'nope' } })));
    await settle();
    expect(job).toMatchObject({ state: 'failed', retryable, message: `refused ${status}: nope` });
    expect(listener.failed).toHaveBeenCalledWith(job);
    expect(queue.working).toBe(false);
    expect(isRetryable(status)).toBe(retryable);
  });

  it('keeps sending the other files after one failed', async () => {
    const { send, calls } = controlledSend();
    const { queue } = queueWith(send);
    const first = queue.add(file('a.png'));
    queue.add(file('b.png'));
    calls[0]?.finish(answer(422, '{}'));
    await settle();
    expect(first.state).toBe('failed');
    expect(calls.map((c) => c.file.name)).toEqual(['a.png', 'b.png']);
  });

  it('sends a failed file again on retry, then forgets it once it is uploaded', async () => {
    const { send, calls } = controlledSend();
    const { queue, listener } = queueWith(send);
    const job = queue.add(file('a.png'));
    calls[0]?.finish(answer(0, ''));
    await settle();
    expect(job).toMatchObject({ state: 'failed', retryable: true });

    queue.retry(job);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.file).toBe(job.file);
    expect(job.state).toBe('uploading');
    calls[1]?.finish(answer(201, '{"file":{"id":"f1"}}'));
    await settle();
    expect(queue.jobs).toEqual([]);
    expect(listener.uploaded).toHaveBeenCalledTimes(1);
  });

  it('waits with a retry while another upload runs', async () => {
    const { send, calls } = controlledSend();
    const { queue } = queueWith(send);
    const failed = queue.add(file('a.png'));
    calls[0]?.finish(answer(502, ''));
    await settle();
    queue.add(file('b.png'));
    queue.retry(failed);
    expect(calls.map((c) => c.file.name)).toEqual(['a.png', 'b.png']);
    expect(failed.state).toBe('queued');
    calls[1]?.finish(answer(201, '{}'));
    await settle();
    expect(calls.map((c) => c.file.name)).toEqual(['a.png', 'b.png', 'a.png']);
  });

  it('fails a refused file at once, without sending it, and forgets it when dismissed', () => {
    const { send, calls } = controlledSend();
    const { queue, listener } = queueWith(send);
    const job = queue.add(file('huge.png', 10), 'too large');
    expect(calls).toEqual([]);
    expect(job).toMatchObject({ state: 'failed', message: 'too large', retryable: false });
    queue.dismiss(job);
    expect(queue.jobs).toEqual([]);
    expect(listener.removed).toHaveBeenCalledWith(job);
  });

  it('stops everything when the intake was archived meanwhile', async () => {
    const { send, calls } = controlledSend();
    const { queue, listener } = queueWith(send);
    queue.add(file('a.png'));
    queue.add(file('b.png'));
    calls[0]?.finish(answer(409, JSON.stringify({ error: { code: 'conflict', reason: 'intake_archived' } })));
    await settle();
    expect(listener.archived).toHaveBeenCalledTimes(1);
    expect(listener.failed).not.toHaveBeenCalled();
    expect(queue.jobs).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('lets the page redraw around the rows after every change', async () => {
    const { send, calls } = controlledSend();
    const { queue, listener } = queueWith(send);
    queue.add(file('a.png'));
    expect(listener.settled).toHaveBeenCalledTimes(1);
    calls[0]?.finish(answer(201, '{}'));
    await settle();
    expect(listener.settled).toHaveBeenCalledTimes(2);
  });
});

/** Just enough of XMLHttpRequest for createSendFile. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  private listeners: Record<string, ((event: unknown) => void)[]> = {};
  private uploadListeners: Record<string, ((event: unknown) => void)[]> = {};
  upload = {
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      (this.uploadListeners[type] ??= []).push(listener),
  };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: (event: unknown) => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  emit(type: string, event: unknown = {}) {
    for (const listener of this.listeners[type] ?? []) listener(event);
  }
  emitUpload(type: string, event: unknown) {
    for (const listener of this.uploadListeners[type] ?? []) listener(event);
  }
}

describe('sending a file', () => {
  const globals = globalThis as unknown as Record<string, unknown>;

  beforeEach(() => {
    FakeXhr.sent = [];
    globals['XMLHttpRequest'] = FakeXhr;
  });
  afterEach(() => {
    delete globals['XMLHttpRequest'];
  });

  const start = (progress: (percent: number) => void = () => undefined) => {
    const done = createSendFile('/portal/v1/slug/items/logo/files')(file('logo.png'), progress);
    const xhr = FakeXhr.sent[0] as FakeXhr;
    return { done, xhr };
  };

  it('POSTs the file as the multipart field `file`, asking for JSON', async () => {
    const { done, xhr } = start();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/portal/v1/slug/items/logo/files');
    expect(xhr.headers).toEqual({ accept: 'application/json' });
    const sent = xhr.body?.get('file') as File;
    expect([sent.name, sent.size]).toEqual(['logo.png', 3]);
    xhr.status = 201;
    xhr.responseText = '{"file":{"id":"f1","filename":"logo.png"}}';
    xhr.emit('load');
    await expect(done).resolves.toEqual({ ok: true, status: 201, body: { file: { id: 'f1', filename: 'logo.png' } } });
  });

  it('reports progress in whole percent, when the browser knows the total', async () => {
    const progress = jest.fn();
    const { done, xhr } = start(progress);
    xhr.emitUpload('progress', { lengthComputable: false, loaded: 10, total: 0 });
    xhr.emitUpload('progress', { lengthComputable: true, loaded: 1, total: 3 });
    xhr.emitUpload('progress', { lengthComputable: true, loaded: 2, total: 3 });
    xhr.emitUpload('progress', { lengthComputable: true, loaded: 3, total: 3 });
    xhr.status = 201;
    xhr.emit('load');
    await done;
    expect(progress.mock.calls).toEqual([[33], [66], [100]]);
  });

  it('answers a refusal with its problem', async () => {
    const { done, xhr } = start();
    xhr.status = 422;
    xhr.responseText = JSON.stringify({
      error: { code: 'validation_failed', details: [{ message: 'must be an image' }] },
    });
    xhr.emit('load');
    await expect(done).resolves.toMatchObject({
      ok: false,
      status: 422,
      problem: { code: 'validation_failed', details: [{ message: 'must be an image' }] },
    });
  });

  it.each(['error', 'timeout'])('answers a network %s with status 0', async (event) => {
    const { done, xhr } = start();
    xhr.emit(event);
    await expect(done).resolves.toMatchObject({ ok: false, status: 0 });
  });
});

describe('the file input’s accept attribute', () => {
  const item = (type: PortalItem['type'], formats?: string[]): PortalItem => ({
    key: 'k',
    type,
    label: 'L',
    required: true,
    status: 'pending',
    constraints: formats ? { formats } : null,
  });

  it('lists the formats with their other spellings', () => {
    expect(acceptOf(item('image', ['jpg', 'png']))).toBe('.jpg,.jpeg,.png');
    expect(acceptOf(item('file', ['jpeg', 'jpg', 'tif', 'heic']))).toBe('.jpeg,.jpg,.tif,.tiff,.heic,.heif');
    expect(acceptOf(item('file_list', ['pdf']))).toBe('.pdf');
  });

  it('takes any image for an image item without formats, anything for a file', () => {
    expect(acceptOf(item('image'))).toBe('image/*');
    expect(acceptOf(item('file'))).toBeNull();
    expect(acceptOf(item('file_list', []))).toBeNull();
  });
});
