import { MAX_ENTRY_NAME_BYTES, safeEntryName, ZipEntryNames } from './zip-entry-names';

describe('ZIP entry names', () => {
  it.each([
    ['logo.png', 'logo.png'],
    ['../../etc/passwd', 'passwd'],
    ['/abs/path', 'path'],
    ['C:\\Users\\jan\\secret.docx', 'secret.docx'],
    ['..', 'file'],
    ['.', 'file'],
    ['', 'file'],
    ['  .hidden  ', 'hidden'],
    ['report.pdf.', 'report.pdf'],
    ['a\u0000b\u0007c\u001f\u007f\u0085.txt', 'abc.txt'],
    ['invoice\u202etxt.exe', 'invoicetxt.exe'],
    ['what?<>:"|*.txt', 'what_______.txt'],
    ['CON', '_CON'],
    ['nul.txt', '_nul.txt'],
    ['com1.log', '_com1.log'],
    ['console.log', 'console.log'],
    ['Z\u030Cluťoučký.png', 'Žluťoučký.png'],
  ])('%j → %j', (client, safe) => {
    expect(safeEntryName(client)).toBe(safe);
  });

  it('writes Unicode NFC: a decomposed name and a composed one are the same name', () => {
    expect(safeEntryName('Z\u030C.png')).toBe('\u017D.png');
    const names = new ZipEntryNames();
    expect(names.entry('photos', '\u017D.png')).toBe('photos/\u017D.png');
    expect(names.entry('photos', 'Z\u030C.png')).toBe('photos/\u017D (2).png');
  });

  it('cuts a long name to MAX_ENTRY_NAME_BYTES on a character boundary, keeping the extension', () => {
    const name = safeEntryName(`${'ž'.repeat(300)}.pdf`);
    expect(Buffer.byteLength(name, 'utf8')).toBeLessThanOrEqual(MAX_ENTRY_NAME_BYTES);
    expect(name.endsWith('ž.pdf')).toBe(true);
    expect(name).not.toContain('\ufffd');
  });

  it('numbers files of one name within a folder, ignoring case, and keeps folders apart', () => {
    const names = new ZipEntryNames();
    expect(
      [
        ['photos', 'a.png'],
        ['photos', 'A.PNG'],
        ['photos', 'a.png'],
        ['photos', '../a.png'],
        ['photos', 'a (2).png'],
        ['documents', 'a.png'],
        ['photos', 'README'],
        ['photos', 'readme'],
      ].map(([folder, name]) => names.entry(folder as string, name as string)),
    ).toEqual([
      'photos/a.png',
      'photos/A (2).PNG',
      'photos/a (3).png',
      'photos/a (4).png',
      'photos/a (2) (2).png',
      'documents/a.png',
      'photos/README',
      'photos/readme (2)',
    ]);
  });

  it('never yields an absolute path, a parent reference or a control character', () => {
    const names = new ZipEntryNames();
    const hostile = ['../../etc/passwd', '/abs/path', '\u0000', 'a\nb', '..\\..\\x', '....', ' / ', 'CON.txt'];
    for (const raw of hostile) {
      const entry = names.entry('item', raw);
      expect(entry.startsWith('item/')).toBe(true);
      const name = entry.slice('item/'.length);
      // eslint-disable-next-line no-control-regex
      expect(name).not.toMatch(/[/\\]|^\.\.?$|[\u0000-\u001f]/);
      expect(name.length).toBeGreaterThan(0);
    }
  });
});
