import { renderMarkdown, type ReportDocument } from './download-report';

/** A client's answer that tries every way Markdown has to become HTML, a link or a new block. */
const HOSTILE = [
  'We bake <script>alert(1)</script> <img src=x onerror=alert(1)>',
  '[click](javascript:alert(1)) ![pixel](https://tracker.example/p.gif) <https://evil.example>',
  '# Forged heading',
  '- forged list item',
  '+ another',
  '1. numbered',
  '2) numbered too',
  '---',
  '===',
  '> quoted',
  '```',
  '| a | b |',
  '~~~',
].join('\n');

const doc = (text: string): ReportDocument => ({
  language: 'en',
  title: 'Materials: <b>Site</b> [x](y)',
  intro: 'Intro',
  facts: [{ label: 'Client', text: 'Jan <jan@client.example>' }],
  itemsHeading: 'Items',
  items: [{ heading: '1. About', rows: [{ label: 'Answer', text }] }],
  skippedHeading: 'Skipped',
  skipped: ['none'],
  evidenceHeading: 'Evidence',
  evidenceIntro: 'SHA-256',
  evidence: [{ path: 'logo/[x](y).png', sha256: 'ab'.repeat(32) }],
});

describe('podklady.md: client and owner text cannot become HTML, a link or a block', () => {
  const md = renderMarkdown(doc(HOSTILE));
  const answer = md.slice(md.indexOf('- **Answer:** '), md.indexOf('## Skipped'));

  it('escapes every character that opens a tag, a link, an image or an autolink', () => {
    expect(md).not.toMatch(/(^|[^\\])[<[]/m);
    expect(answer).toContain('We bake \\<script\\>alert(1)\\</script\\>');
    expect(answer).toContain('\\[click\\](javascript:alert(1)) \\!\\[pixel\\]');
    expect(md).toContain('# Materials: \\<b\\>Site\\</b\\> \\[x\\](y)');
    expect(md).toContain('logo/\\[x\\](y).png');
  });

  it('starts no heading, list item, quote, rule, fence or table inside the answer', () => {
    const lines = answer.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^- \*\*Answer:\*\* /);
    // Continuation lines: two spaces, then an escaped marker (or plain text), never a live one.
    for (const line of lines.slice(1)) {
      expect(line).toMatch(/^ {2}\S/);
      expect(line.trimStart()).not.toMatch(/^([-+=>#|`~]|\d+[.)])/);
    }
    expect(lines.slice(2).map((l) => l.trim())).toEqual([
      '\\# Forged heading',
      '\\- forged list item',
      '\\+ another',
      '1\\. numbered',
      '2\\) numbered too',
      '\\---',
      '\\===',
      '\\> quoted',
      '\\`\\`\\`',
      '\\| a \\| b \\|',
      '\\~\\~\\~',
    ]);
  });

  it('treats a lone CR as the line break CommonMark takes it for', () => {
    const cr = renderMarkdown(doc('first\r- forged\r\n# forged'));
    expect(cr).toContain('- **Answer:** first  \n  \\- forged  \n  \\# forged');
  });
});
