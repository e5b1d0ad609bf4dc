import fc from 'fast-check';

/**
 * A body's JSON text broken as a client can break it: malformed JSON, duplicate keys, odd
 * Content-Types, a byte-order mark, nothing at all.
 */

export interface RawBody {
  label: string;
  text: string;
  /** `null`: no Content-Type header at all. */
  contentType: string | null;
}

const ODD_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'application/jsonx',
  '*/*',
  'application/octet-stream',
];

/** A body's JSON text broken in every way a client can break it. */
export function rawBodyArbitrary(json: fc.Arbitrary<string>): fc.Arbitrary<RawBody> {
  const asJson = (label: string, text: string): RawBody => ({ label, text, contentType: 'application/json' });
  return fc.oneof(
    fc
      .tuple(json, fc.nat())
      .map(([text, cut]) => asJson('malformed JSON (truncated)', text.slice(0, cut % Math.max(1, text.length)))),
    json.map((text) => asJson('malformed JSON (trailing garbage)', `${text}}x`)),
    json.map((text) => asJson('JSON after a byte-order mark', `\uFEFF${text}`)),
    fc
      .constantFrom(
        ...[
          "{'single': 'quotes'}",
          '{"a":1,}',
          '{"a":',
          'NaN',
          'undefined',
          '{"a":1}/* c */',
          '\u0000',
          '{"a":"\\x41"}',
        ],
      )
      .map((text) => asJson('malformed JSON', text)),
    json.map((text) => asJson('duplicate keys (first one broken)', duplicateFirstKey(text, true))),
    json.map((text) => asJson('duplicate keys (last one broken)', duplicateFirstKey(text, false))),
    fc
      .tuple(json, fc.constantFrom(...ODD_CONTENT_TYPES))
      .map(([text, contentType]) => ({ label: `Content-Type ${contentType}`, text, contentType })),
    json.map((text) => ({ label: 'no Content-Type', text, contentType: null })),
    fc.constantFrom<RawBody>(
      { label: 'empty body', text: '', contentType: 'application/json' },
      { label: 'empty body, no Content-Type', text: '', contentType: null },
      { label: 'empty body as text', text: '', contentType: 'text/plain' },
    ),
  );
}

/** `{"k": broken, "k": v, …}` (or the broken copy last): JSON.parse keeps the last. */
export function duplicateFirstKey(text: string, brokenFirst: boolean): string {
  const match = /^\{\s*("(?:[^"\\]|\\.)*")\s*:/.exec(text);
  if (!match) return `{"a":1,"a":2}`;
  const broken = `${match[1]}:{"dup":[null]}`;
  return brokenFirst ? `{${broken},${text.slice(1)}` : `${text.slice(0, -1)},${broken}}`;
}
