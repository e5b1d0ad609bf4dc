import { createAnnouncer, ids } from './dom';

describe('the live region', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is emptied first and says the message a moment later, so a repeated message is said again', () => {
    const live = { textContent: 'Saved.' as string | null };
    const announce = createAnnouncer(live);
    announce('Saved.');
    expect(live.textContent).toBe('');
    jest.advanceTimersByTime(59);
    expect(live.textContent).toBe('');
    jest.advanceTimersByTime(1);
    expect(live.textContent).toBe('Saved.');
  });

  it('says only the last of messages in quick succession, and nothing for an empty one', () => {
    const live = { textContent: '' as string | null };
    const announce = createAnnouncer(live);
    announce('Uploading logo.png failed.');
    jest.advanceTimersByTime(30);
    announce('logo.png was uploaded.');
    announce('');
    jest.runAllTimers();
    expect(live.textContent).toBe('logo.png was uploaded.');
  });
});

describe('id lists', () => {
  it('joins the ids there are, or gives no attribute', () => {
    expect(ids('i-a-help', null, '', 'i-a-hints', undefined, false)).toBe('i-a-help i-a-hints');
    expect(ids(null, '')).toBeNull();
  });
});
