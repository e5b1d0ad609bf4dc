import { retryAt } from './scans/scan-file';
import { cleanFilename } from './file-records';

describe('cleanFilename', () => {
  it.each([
    ['logo.png', 'png', false, 'logo.png'],
    ['C:\\Users\\anna\\Desktop\\logo.png', 'png', false, 'logo.png'],
    ['../../etc/passwd', 'txt', false, 'passwd'],
    ['bad\u0000na\u001fme\u007f.pdf', 'pdf', false, 'badname.pdf'],
    ['', 'pdf', false, 'file.pdf'],
    ['..', 'pdf', false, 'file.pdf'],
    ['IMG_0001.HEIC', 'jpg', true, 'IMG_0001.jpg'],
    ['photo', 'jpg', true, 'photo.jpg'],
  ])('%j → %j', (name, extension, converted, expected) => {
    expect(cleanFilename(name, extension, converted)).toBe(expected);
  });

  it('shortens a long name to 200 characters, keeping its extension', () => {
    const cleaned = cleanFilename(`${'a'.repeat(300)}.pdf`, 'pdf', false);
    expect(cleaned).toHaveLength(200);
    expect(cleaned.endsWith('.pdf')).toBe(true);
  });
});

describe('retryAt', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  it.each([
    [1, 60],
    [2, 120],
    [3, 240],
    [10, 6 * 3600],
  ])('after %i failed attempts waits %i s', (attempts, seconds) => {
    expect(retryAt(now, attempts).getTime() - now.getTime()).toBe(seconds * 1000);
  });
});
