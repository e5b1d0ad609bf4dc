import { type Item } from './item-actions';
import { fileHref, isPreviewable, type ItemFile, valueView } from './item-value';

const item = (type: Item['type'], value: Item['value'], files?: ItemFile[]): Item =>
  ({ type, value, files, key: 'k', assignee: 'client', status: 'submitted' }) as Item;
const file = (overrides: Partial<ItemFile> = {}): ItemFile => ({
  id: 'fil_1',
  filename: 'logo.png',
  mime: 'image/png',
  size: 1200,
  width: 10,
  height: 10,
  av_status: 'clean',
  checksum_sha256: 'a'.repeat(64),
  created_at: '2026-11-02T09:00:00.000Z',
  ...overrides,
});

describe('an item’s submitted value', () => {
  it('is text for text types, nothing when empty, never a secret', () => {
    expect(valueView(item('longtext', 'We bake.'))).toEqual({ kind: 'text', text: 'We bake.' });
    expect(valueView(item('number', 42))).toEqual({ kind: 'text', text: '42' });
    expect(valueView(item('boolean', false))).toEqual({ kind: 'boolean', value: false });
    expect(valueView(item('text', null))).toEqual({ kind: 'none' });
    expect(valueView(item('text', ''))).toEqual({ kind: 'none' });
    expect(valueView(item('secret', 'hunter2'))).toEqual({ kind: 'secret' });
  });

  it('is a list of choices for select and multiselect', () => {
    expect(valueView(item('select', 'bold'))).toEqual({ kind: 'choices', choices: ['bold'] });
    expect(valueView(item('multiselect', ['a', 'b']))).toEqual({ kind: 'choices', choices: ['a', 'b'] });
    expect(valueView(item('multiselect', []))).toEqual({ kind: 'none' });
  });

  it('is a table for structured data: fields as rows, or a list of records under their columns', () => {
    expect(valueView(item('structured', { ico: '123', vat: null, address: { city: 'Brno' } }))).toEqual({
      kind: 'table',
      columns: [],
      rows: [
        ['ico', '123'],
        ['vat', ''],
        ['address', '{"city":"Brno"}'],
      ],
    });
    expect(
      valueView(
        item('structured', [
          { name: 'Eva', role: 'CEO' },
          { name: 'Jan', phone: 1 },
        ]),
      ),
    ).toEqual({
      kind: 'table',
      columns: ['name', 'role', 'phone'],
      rows: [
        ['Eva', 'CEO', ''],
        ['Jan', '', '1'],
      ],
    });
  });

  it('is the uploads for file types, images previewable once scanned clean', () => {
    expect(valueView(item('image', null, [file()]))).toEqual({ kind: 'files', files: [file()] });
    expect(valueView(item('file_list', null, []))).toEqual({ kind: 'none' });
    expect(isPreviewable(file())).toBe(true);
    expect(isPreviewable(file({ av_status: 'pending' }))).toBe(false);
    expect(isPreviewable(file({ mime: 'application/pdf' }))).toBe(false);
    expect(fileHref('in_1', 'logo/x', 'fil 2')).toBe('/v1/intakes/in_1/items/logo%2Fx/files/fil%202');
  });
});
