import { retryAt } from './scans/scan-file';
import { cleanFilename, fileRecord } from './file-records';

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
    ['.', 'pdf', false, 'file.pdf'],
    [undefined, 'png', false, 'file.png'],
    ['my.heif.photos.heic', 'jpg', true, 'my.heif.photos.jpg'],
  ])('%j → %j', (name, extension, converted, expected) => {
    expect(cleanFilename(name, extension, converted)).toBe(expected);
  });

  it('shortens a long name to 200 characters, keeping its extension', () => {
    const cleaned = cleanFilename(`${'a'.repeat(300)}.pdf`, 'pdf', false);
    expect(cleaned).toHaveLength(200);
    expect(cleaned.endsWith('.pdf')).toBe(true);
  });

  it('keeps an extension of up to 12 characters with its dot when shortening, and no longer one', () => {
    const eleven = cleanFilename(`${'a'.repeat(300)}.${'e'.repeat(11)}`, 'bin', false);
    expect(eleven).toBe(`${'a'.repeat(188)}.${'e'.repeat(11)}`);
    const twelve = cleanFilename(`${'a'.repeat(300)}.${'e'.repeat(12)}`, 'bin', false);
    expect(twelve).toBe('a'.repeat(200));
  });

  it('cuts a long name whose only dot is far from its end at 200 characters', () => {
    const name = `v1.${'b'.repeat(300)}`;
    expect(cleanFilename(name, 'txt', false)).toBe(name.slice(0, 200));
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

describe('fileRecord', () => {
  const now = new Date('2026-11-23T09:00:00Z');
  const base = {
    id: 'fil_1',
    account_id: 'acc_1',
    intake_id: 'in_1',
    kind: 'upload' as const,
    item_key: 'logo',
    filename: 'logo.png',
    storage_key: 'intakes/in_1/files/fil_1',
  };
  const facts = {
    mime: 'image/png',
    extension: 'png',
    size: 1234,
    sha256: 'ab'.repeat(32),
    width: 640,
    height: 480,
    hasAlpha: true,
    converted: false,
  };

  it('records the sniffed facts, the scan status and the time, with no attempts yet', () => {
    expect(fileRecord(base, facts, { status: 'pending', scannedAt: null }, now)).toEqual({
      ...base,
      mime: 'image/png',
      extension: 'png',
      size: 1234,
      width: 640,
      height: 480,
      has_alpha: true,
      checksum_sha256: 'ab'.repeat(32),
      av_status: 'pending',
      av_signature: null,
      scanned_at: null,
      scan_attempts: 0,
      created_at: now,
    });
  });

  it('records a file scanned clean with its scan time', () => {
    expect(fileRecord(base, facts, { status: 'clean', scannedAt: now }, now)).toMatchObject({
      av_status: 'clean',
      scanned_at: now,
    });
  });
});

describe('retryAt', () => {
  it('never waits more than six hours', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(retryAt(now, 50).getTime() - now.getTime()).toBe(6 * 3600 * 1000);
  });
});
