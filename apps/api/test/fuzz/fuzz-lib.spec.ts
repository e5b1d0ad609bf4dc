import { shellQuote, toCurl } from './curl';
import { pathFixtureName } from './fixtures';
import { applyMutation } from './mutations';
import { duplicateFirstKey } from './raw-bodies';

/** The fuzzer's own pieces whose mistakes would hide a finding or misreport one. */
describe('fuzz library', () => {
  it('quotes for the shell: plain text in single quotes, control and non-ASCII characters escaped', () => {
    expect(shellQuote(`it's`)).toBe(`'it'\\''s'`);
    expect(shellQuote('{"a":"\u0000\u202e😀"}')).toBe(`$'{"a":"\\x00\\u202e\\U0001f600"}'`);
    const curl = toCurl(
      { method: 'POST', url: '/v1/x?q=1', headers: { 'content-type': 'application/json' }, body: '{}' },
      'http://h',
      '/tmp',
      'n',
    );
    expect(curl).toBe(`curl -i -X POST 'http://h/v1/x?q=1' -H 'content-type: application/json' --data-binary '{}'`);
  });

  it('sets a mutation as a field (even __proto__), making missing containers, leaving the original alone', () => {
    const body = { client: { name: 'A' } };
    const polluted = applyMutation(body, { label: '', path: ['__proto__'], value: { x: 1 }, meantValid: false });
    expect(JSON.stringify(polluted)).toBe('{"client":{"name":"A"},"__proto__":{"x":1}}');
    expect(applyMutation(body, { label: '', path: ['items', 0, 'key'], value: null, meantValid: false })).toEqual({
      client: { name: 'A' },
      items: [{ key: null }],
    });
    expect(applyMutation(body, { label: '', path: ['client', 'name'], value: undefined, meantValid: true })).toEqual({
      client: {},
    });
    expect(body).toEqual({ client: { name: 'A' } });
  });

  it('duplicates the first key so that JSON.parse keeps the broken or the valid copy', () => {
    expect(JSON.parse(duplicateFirstKey('{"a":1,"b":2}', true))).toEqual({ a: 1, b: 2 });
    expect(JSON.parse(duplicateFirstKey('{"a":1,"b":2}', false))).toEqual({ a: { dup: [null] }, b: 2 });
  });

  it('names path parameters by the collection before them', () => {
    expect(pathFixtureName('/v1/intakes/{id}/items/{key}', 'id')).toBe('intakes/{id}');
    expect(pathFixtureName('/v1/intakes/{id}/items/{key}', 'key')).toBe('items/{key}');
    expect(pathFixtureName('/v1/intakes/{id}/brief/files/{fileId}/url', 'fileId')).toBe('brief/files/{fileId}');
    expect(pathFixtureName('/portal/v1/{slug}/items/{key}/files/{fileId}', 'fileId')).toBe('items/files/{fileId}');
    expect(pathFixtureName('/v1/unknown/{thing}', 'thing')).toBeUndefined();
  });
});
