import { escapeHtml, oneLine, renderBodies } from './layout';

describe('layout', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('puts a value on one line: control characters, line and paragraph separators become one space', () => {
    expect(oneLine(' A\r\nB\u0000C\u001b[31mD\u2028E\u0085F\t\tG ')).toBe('A B C [31mD E F G');
  });

  it('keeps a paragraph’s line breaks, turns tabs into spaces and drops other control characters', () => {
    const { text, html } = renderBodies('en', 'S', [{ type: 'paragraph', text: 'a\r\nb\rc\u2028d\te\u0000f\u0007' }]);
    expect(text).toBe('a\nb\nc\nd ef\n');
    expect(html).toContain('>a<br>b<br>c<br>d ef</p>');
  });

  it('writes each block as plain text, a blank line apart, with a signature separator before the footer', () => {
    const { text } = renderBodies('en', 'S', [
      { type: 'paragraph', text: 'Hello,' },
      { type: 'list', heading: 'Missing:', items: ['A\nB', 'C'] },
      { type: 'quote', heading: 'Note:', text: 'one\n\ntwo' },
      { type: 'button', label: 'Open', url: 'https://x.example/p/1', fallback: 'Copy:' },
      { type: 'footer', lines: ['Why.', 'Reply.'] },
    ]);
    expect(text).toBe(
      'Hello,\n\nMissing:\n- A B\n- C\n\nNote:\n> one\n>\n> two\n\nOpen:\nhttps://x.example/p/1\n\n-- \nWhy.\nReply.\n',
    );
  });

  it('escapes the language and the title of the HTML document', () => {
    const { html } = renderBodies('en"><script>', '<b>S</b>', []);
    expect(html).toContain('<html lang="en&quot;&gt;&lt;script&gt;">');
    expect(html).toContain('<title>&lt;b&gt;S&lt;/b&gt;</title>');
  });
});
