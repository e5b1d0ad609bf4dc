import { buildRawMessage } from './mime-message';

/** Decodes RFC 2047 Q-encoded words (what buildRawMessage writes) back to text. */
function decodeWords(value: string): string {
  return value
    .replace(/\r\n /g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, q: string) =>
      Buffer.from(
        q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8'),
    );
}

/** Decodes a quoted-printable body. */
function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(soft.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

function parse(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, head, body: raw.slice(split + 4) };
}

const DEFAULT_FROM = 'Intake <noreply@intake.example>';

describe('buildRawMessage', () => {
  it('writes a plain-text message with its envelope, a Message-ID on the sender’s domain and CRLF line ends', () => {
    const built = buildRawMessage(
      { to: ['anna@client.example', 'eva@client.example'], subject: 'Materials', text: 'Hello,\nplease upload.' },
      DEFAULT_FROM,
    );
    expect(built?.envelope).toEqual({
      from: 'noreply@intake.example',
      to: ['anna@client.example', 'eva@client.example'],
    });
    const { headers, body } = parse(built?.raw ?? '');
    expect(headers['from']).toBe('Intake <noreply@intake.example>');
    expect(headers['to']).toBe('anna@client.example, eva@client.example');
    expect(headers['subject']).toBe('Materials');
    expect(headers['message-id']).toBe(built?.messageId);
    expect(built?.messageId).toMatch(/^<[0-9a-f-]{36}@intake\.example>$/);
    expect(headers['mime-version']).toBe('1.0');
    expect(headers['date']).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    expect(headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(decodeQuotedPrintable(body).replace(/\r\n/g, '\n')).toBe('Hello,\nplease upload.\n');
    expect(built?.raw).not.toMatch(/[^\r]\n/);
  });

  it('encodes a non-ASCII subject and display name, quotes a name with specials, and folds long headers', () => {
    const subject = 'Připomínka: podklady pro projekt Pekárna U Nováků – chybí ještě logo, texty a fotografie týmu';
    const built = buildRawMessage(
      {
        to: ['anna@client.example'],
        subject,
        text: 'x',
        from: 'Jana Nováková <jana@studio.example>',
        replyTo: 'Studio, s.r.o. <office@studio.example>',
        headers: { 'X-Intake-Chase': 'chs_123' },
      },
      DEFAULT_FROM,
    );
    const { headers, head } = parse(built?.raw ?? '');
    expect(decodeWords(headers['subject'] ?? '')).toBe(subject);
    expect(headers['subject']).toMatch(/=\?UTF-8\?Q\?/i);
    expect(decodeWords(headers['from'] ?? '')).toBe('Jana Nováková <jana@studio.example>');
    expect(headers['reply-to']).toBe('"Studio, s.r.o." <office@studio.example>');
    expect(headers['x-intake-chase']).toBe('chs_123');
    for (const line of head.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
    expect(built?.envelope.from).toBe('jana@studio.example');
  });

  it('sends text and HTML as multipart/alternative, each part decoding back to what was given', () => {
    const text = 'Dobrý den,\nodkaz: https://portal.example/p/abcdefghijklmnopqrstuvwxyz0123456789abcdefghijkl\n';
    const html = '<p>Dobrý den, <a href="https://portal.example/p/x">otevřít</a></p>';
    const built = buildRawMessage({ to: ['anna@client.example'], subject: 'S', text, html }, DEFAULT_FROM);
    const { headers, body } = parse(built?.raw ?? '');
    const boundary = /boundary="([^"]+)"/.exec(headers['content-type'] ?? '')?.[1] ?? '';
    expect(headers['content-type']).toMatch(/^multipart\/alternative; boundary="/);
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((p) => parse(p.replace(/^\r\n/, '')));
    expect(parts.map((p) => p.headers['content-type'])).toEqual([
      'text/plain; charset=utf-8',
      'text/html; charset=utf-8',
    ]);
    expect(decodeQuotedPrintable(parts[0]?.body ?? '').replace(/\r\n/g, '\n')).toBe(text + '\n');
    expect(decodeQuotedPrintable(parts[1]?.body ?? '').trimEnd()).toBe(html);
    expect(body.slice(-boundary.length - 6)).toBe(`--${boundary}--\r\n`);
    expect(built?.raw.split('\r\n').filter((line) => line.length > 78)).toEqual([]);
  });

  it.each([
    ['a non-ASCII address', { to: ['anna@klient.čz'] }],
    ['a group', { to: ['Team: anna@client.example, eva@client.example;'] }],
    ['no recipient', { to: [] }],
    ['an unparseable sender', { to: ['anna@client.example'], from: 'nobody' }],
    ['an unparseable reply-to', { to: ['anna@client.example'], replyTo: 'nobody' }],
    ['a non-ASCII header value', { to: ['anna@client.example'], headers: { 'X-Note': 'Nováková' } }],
    ['a header value with a line break', { to: ['anna@client.example'], headers: { 'X-Note': 'a\r\nBcc: x@y.z' } }],
    ['a header name with a colon', { to: ['anna@client.example'], headers: { 'X-Note:': 'a' } }],
  ])('leaves %s to nodemailer’s composer', (_, mail) => {
    expect(buildRawMessage({ subject: 'S', text: 'x', ...mail }, DEFAULT_FROM)).toBeUndefined();
  });

  it('never lets a line break in the subject start a new header', () => {
    const built = buildRawMessage(
      { to: ['anna@client.example'], subject: 'Hi\r\nBcc: evil@example.test', text: 'x' },
      DEFAULT_FROM,
    );
    const { headers } = parse(built?.raw ?? '');
    expect(headers['bcc']).toBeUndefined();
    expect(headers['subject']).toBe('Hi Bcc: evil@example.test');
  });
});
