import { attachmentDisposition } from './s3.object-storage';

/** The one parameter value a header parser would read: RFC 8187's ext-value decoded. */
const exactName = (header: string) => {
  const match = /; filename\*=UTF-8''([A-Za-z0-9!#$&+\-.^_`|~%]*)$/.exec(header);
  return match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
};

describe('attachmentDisposition (every file handed out)', () => {
  it.each`
    name                                      | fallback
    ${'Smlouva č. 1.pdf'}                     | ${'Smlouva _. 1.pdf'}
    ${"O'Brien (final)*.pdf"}                 | ${"O'Brien (final)*.pdf"}
    ${'a"; filename=evil.html'}               | ${'a_; filename=evil.html'}
    ${'back\\slash.txt'}                      | ${'back_slash.txt'}
    ${'x\r\nContent-Type: text/html\r\n.svg'} | ${'x__Content-Type: text/html__.svg'}
    ${'logo.svg'}                             | ${'logo.svg'}
    ${'index.html'}                           | ${'index.html'}
    ${'😀.png'}                               | ${'__.png'}
  `('names $name as an attachment, one header line, exact name recoverable', ({ name, fallback }) => {
    const header = attachmentDisposition(name);
    expect(header.startsWith(`attachment; filename="${fallback}"; filename*=UTF-8''`)).toBe(true);
    expect(header).not.toMatch(/\p{Cc}/u);
    expect(header).not.toMatch(/inline/i);
    // Only RFC 8187 attr-chars and %XX after filename*=UTF-8'' ; decoding gives the name back.
    expect(exactName(header)).toBe(name);
  });
});
