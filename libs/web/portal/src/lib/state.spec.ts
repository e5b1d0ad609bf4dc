import { fileItemChange, POLL_LIMIT, pollDelay, safeUrl, ScanPoller, scanPending } from './state';
import type { PortalFile, PortalItem } from './types';

const item = (rest: Partial<PortalItem> = {}): PortalItem => ({
  key: 'logo',
  type: 'image',
  label: 'Logo',
  required: true,
  status: 'pending',
  files: [],
  ...rest,
});
const upload = (id: string, av_status?: string): PortalFile => ({ id, filename: `${id}.png`, size: 1, av_status });

describe('polling while virus scans run', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('looks again after 3 s, then half a second later each time', () => {
    const poll = jest.fn();
    const poller = new ScanPoller(poll);
    const times: number[] = [];
    poll.mockImplementation(() => {
      times.push(Date.now() - start);
      poller.schedule(true);
    });
    const start = Date.now();
    poller.schedule(true);
    jest.advanceTimersByTime(2999);
    expect(poll).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(poll).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(3500 + 4000);
    expect(times).toEqual([3000, 6500, 10_500]);
    expect([0, 1, 2, 39].map(pollDelay)).toEqual([3000, 3500, 4000, 22_500]);
  });

  it(`gives up after ${POLL_LIMIT} looks in a row`, () => {
    let polls = 0;
    const poller: ScanPoller = new ScanPoller(() => {
      polls += 1;
      poller.schedule(true);
    });
    poller.schedule(true);
    jest.runAllTimers();
    expect(polls).toBe(POLL_LIMIT);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('keeps one timer however often it is asked', () => {
    const poll = jest.fn();
    const poller = new ScanPoller(poll);
    poller.schedule(true);
    poller.schedule(true);
    poller.schedule(false);
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(3000);
    expect(poll).toHaveBeenCalledTimes(1);
  });

  it('does not poll when nothing is pending, and starts counting again once nothing was', () => {
    const poll = jest.fn();
    const poller = new ScanPoller(poll);
    poller.schedule(false);
    expect(jest.getTimerCount()).toBe(0);
    for (let i = 0; i < 3; i++) {
      poller.schedule(true);
      jest.runOnlyPendingTimers();
    }
    poller.schedule(true);
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(pollDelay(3) - 1);
    expect(poll).toHaveBeenCalledTimes(3);
    jest.advanceTimersByTime(1);
    expect(poll).toHaveBeenCalledTimes(4);
    poller.schedule(false);
    poller.schedule(true);
    jest.advanceTimersByTime(3000);
    expect(poll).toHaveBeenCalledTimes(5);
  });
});

describe('page state', () => {
  it('knows whether a scan is pending', () => {
    expect(scanPending([item({ files: [upload('a', 'clean')] }), item({ type: 'text', files: undefined })])).toBe(
      false,
    );
    expect(scanPending([item({ files: [upload('a', 'clean'), upload('b', 'pending')] })])).toBe(true);
    expect(scanPending([])).toBe(false);
  });

  it.each([
    ['/portal/v1/slug/brief/files/f1', true],
    ['https://cdn.example/brief.pdf', true],
    ['HTTP://cdn.example/brief.pdf', true],
    ['//evil.example/x', false],
    ['/\\evil.example/x', false],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['brief.pdf', false],
    [null, false],
  ])('links %s: %s', (url, safe) => {
    expect(safeUrl(url)).toBe(safe);
  });

  it('tells what a fresh view changes of a file item', () => {
    const shown = item({ files: [upload('a', 'pending')], waiver: { state: 'none' } });
    expect(fileItemChange(shown, { ...shown })).toBeNull();
    expect(fileItemChange(shown, { ...shown, files: [upload('a', 'clean')] })).toBe('files');
    expect(fileItemChange(shown, { ...shown, files: [upload('a', 'pending'), upload('b')] })).toBe('files');
    expect(fileItemChange(shown, { ...shown, files: [] })).toBe('files');
    expect(fileItemChange(shown, { ...shown, status: 'submitted' })).toBe('item');
    expect(fileItemChange(shown, { ...shown, waiver: { state: 'pending' } })).toBe('item');
    expect(fileItemChange(shown, { ...shown, status: 'needs_revision', files: [] })).toBe('item');
  });
});
