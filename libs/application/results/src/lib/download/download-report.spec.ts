import {
  renderMarkdown,
  reportDocument,
  type ReportDocument,
  type ReportInput,
  type ReportSecret,
} from './download-report';
import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

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

const GENERATED = new Date('2026-03-31T12:00:00Z');
const NO_WAIVER = { state: 'none', reason: null, requested_by: null, requested_at: null, decided_at: null } as const;

const intakeOf = (patch: Partial<IntakeRecord> = {}): IntakeRecord =>
  ({
    id: 'int_1',
    project_name: 'New website',
    client_name: 'Jan Novák',
    client_email: 'jan@client.example',
    status: 'in_progress',
    created_at: new Date('2026-03-01T09:30:00Z'),
    sent_at: null,
    completed_at: null,
    due_date: null,
    client_note: null,
    ...patch,
  }) as IntakeRecord;

const itemOf = (key: string, type: string, patch: Partial<ItemRecord> = {}): ItemRecord =>
  ({
    key,
    type,
    label: key.toUpperCase(),
    status: 'pending',
    value: null,
    submitted_at: null,
    approved_at: null,
    revision_note: null,
    waiver: NO_WAIVER,
    client_note: null,
    owner_note: null,
    received_outside: false,
    received_outside_note: null,
    decided_by: null,
    ...patch,
  }) as ItemRecord;

const inputOf = (patch: Partial<ReportInput> = {}): ReportInput => ({
  intake: intakeOf(),
  items: [],
  files: [],
  skipped: [],
  secrets: new Map(),
  generatedAt: GENERATED,
  language: 'en',
  timeZone: 'UTC',
  ...patch,
});

/** The rows of the only item, label → text (a secret's value kept apart). */
const rowsOf = (item: ItemRecord, patch: Partial<ReportInput> = {}) =>
  reportDocument(inputOf({ items: [item], ...patch })).items.at(0)?.rows ?? [];
/** Row `n`, failing the test when there is none. */
const rowAt = (rows: ReportDocument['items'][number]['rows'], n: number) => {
  const row = rows[n];
  if (!row) throw new Error(`no row ${n} in ${JSON.stringify(rows)}`);
  return row;
};
const base = (item: ItemRecord, status = 'pending') => [
  { label: 'Key', text: item.key },
  { label: 'Type', text: item.type },
  { label: 'Status', text: status },
];

describe('reportDocument: what both reports say', () => {
  const noneText = '\u2014';
  const fmt = (at: Date, timeZone = 'UTC', language = 'en') =>
    new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(at);

  it('states the intake facts, times in the account’s zone, missing ones as a dash', () => {
    const doc = reportDocument(inputOf({ timeZone: 'Europe/Prague' }));
    expect(doc.language).toBe('en');
    expect(doc.title).toBe('Materials: New website');
    expect(doc.intro).toBe(`Everything the client sent for this intake, as of ${fmt(GENERATED, 'Europe/Prague')}.`);
    expect(fmt(GENERATED, 'Europe/Prague')).toMatch(/^March 31, 2026 at 2:00\sPM$/u);
    expect(doc.facts).toEqual([
      { label: 'Project', text: 'New website' },
      { label: 'Intake', text: 'int_1' },
      { label: 'Client', text: 'Jan Novák <jan@client.example>' },
      { label: 'Status', text: 'in progress' },
      { label: 'Created', text: fmt(new Date('2026-03-01T09:30:00Z'), 'Europe/Prague') },
      { label: 'Sent', text: noneText },
      { label: 'Completed', text: noneText },
      { label: 'Due date', text: noneText },
      { label: 'Generated', text: fmt(GENERATED, 'Europe/Prague') },
    ]);
    expect(doc.itemsHeading).toBe('Items');
    expect(doc.items).toEqual([]);
    expect(doc.skippedHeading).toBe('Files left out');
    expect(doc.skipped).toEqual(['None: every upload is in the ZIP.']);
    expect(doc.evidenceHeading).toBe('Evidence manifest');
    expect(doc.evidenceIntro).toMatch(/^manifest\.json lists every file of this ZIP/);
    expect(doc.evidence).toEqual([]);
  });

  it('adds the sent, completed and due dates and the client’s note when there are some', () => {
    const sent = new Date('2026-03-02T08:00:00Z');
    const completed = new Date('2026-03-30T16:45:00Z');
    const doc = reportDocument(
      inputOf({
        intake: intakeOf({
          status: 'completed',
          sent_at: sent,
          completed_at: completed,
          due_date: '2026-04-15',
          client_note: 'Call me first',
        }),
      }),
    );
    expect(doc.facts.slice(3)).toEqual([
      { label: 'Status', text: 'completed' },
      { label: 'Created', text: fmt(new Date('2026-03-01T09:30:00Z')) },
      { label: 'Sent', text: fmt(sent) },
      { label: 'Completed', text: fmt(completed) },
      { label: 'Due date', text: 'April 15, 2026' },
      { label: 'Generated', text: fmt(GENERATED) },
      { label: 'Client’s note', text: 'Call me first' },
    ]);
  });

  it('numbers the items in order and lists the files of a file item with their sizes, or none', () => {
    const doc = reportDocument(
      inputOf({
        items: [itemOf('logo', 'file'), itemOf('photos', 'file_list'), itemOf('about', 'text')],
        files: [
          { item_key: 'photos', path: 'photos/a.png', size: 1234567, sha256: 'a'.repeat(64) },
          { item_key: 'photos', path: 'photos/b.png', size: 12, sha256: 'b'.repeat(64) },
        ],
      }),
    );
    expect(doc.items.map((i) => i.heading)).toEqual(['1. LOGO', '2. PHOTOS', '3. ABOUT']);
    expect(doc.items.at(0)?.rows).toEqual([...base(itemOf('logo', 'file')), { label: 'Files', text: 'no files' }]);
    expect(doc.items.at(1)?.rows.at(3)).toEqual({
      label: 'Files',
      text: 'photos/a.png (1,234,567 bytes)\nphotos/b.png (12 bytes)',
    });
    expect(doc.evidence).toEqual([
      { path: 'photos/a.png', sha256: 'a'.repeat(64) },
      { path: 'photos/b.png', sha256: 'b'.repeat(64) },
    ]);
  });

  it('says which uploads were left out and why', () => {
    const doc = reportDocument(
      inputOf({
        skipped: [
          { item_key: 'photos', filename: 'x.exe', av_status: 'infected' },
          { item_key: 'logo', filename: 'l.png', av_status: 'pending' },
        ],
      }),
    );
    expect(doc.skipped).toEqual(['photos: x.exe (infected)', 'logo: l.png (antivirus scan pending)']);
  });

  it('writes each kind of value in words', () => {
    const value = (v: unknown) => rowAt(rowsOf(itemOf('v', 'text', { value: v })), 3);
    expect(value(null)).toEqual({ label: 'Value', text: noneText });
    expect(value(undefined).text).toBe(noneText);
    expect(value('').text).toBe(noneText);
    expect(value(0).text).toBe('0');
    expect(value(1234.5).text).toBe('1,234.5');
    expect(value(true).text).toBe('yes');
    expect(value(false).text).toBe('no');
    expect(value('2026-04-15').text).toBe('April 15, 2026');
    expect(value('2026-04-15 later').text).toBe('2026-04-15 later');
    expect(value('x2026-04-15').text).toBe('x2026-04-15');
    expect(value('plain text').text).toBe('plain text');
    expect(value(['a', 2000, true]).text).toBe('a, 2,000, yes');
    expect(value({ street: 'Main 1', floor: 3, open: false, note: null, tags: ['x'], geo: { lat: 1 } }).text).toBe(
      'street: Main 1\nfloor: 3\nopen: no\nnote: \u2014\ntags: ["x"]\ngeo: {"lat":1}',
    );
    expect(value(10n).text).toBe('10');
  });

  it('writes numbers and dates the language’s way', () => {
    const rows = rowsOf(itemOf('v', 'number', { value: 1200.5, status: 'approved' }), { language: 'cs' });
    expect(rows.at(2)).toEqual({ label: 'Stav', text: 'schváleno' });
    expect(rows.at(3)?.text).toBe('1\u00a0200,5');
  });

  it('shows a secret’s value only as `secret` of a value this download released', () => {
    const at = new Date('2026-03-20T10:00:00Z');
    const secretRow = (secret?: ReportSecret) =>
      rowsOf(itemOf('pw', 'secret'), { secrets: new Map(secret ? [['pw', secret]] : []) }).at(3);
    expect(secretRow({ state: 'released', value: 'hunter2', at })).toEqual({
      label: 'Value',
      text: `revealed by this download on ${fmt(at)}: the value is in podklady.pdf only`,
      secret: 'hunter2',
    });
    expect(secretRow({ state: 'revealed', at })).toEqual({ label: 'Value', text: `revealed on ${fmt(at)}` });
    expect(secretRow({ state: 'withheld' })).toEqual({
      label: 'Value',
      text: 'not included (download with include_secrets=true to reveal it, once)',
    });
    expect(secretRow({ state: 'purged' })).toEqual({
      label: 'Value',
      text: 'purged: not revealed within 30 days of its submission',
    });
    expect(secretRow({ state: 'unanswered' })).toEqual({ label: 'Value', text: 'not sent yet' });
    expect(secretRow()).toEqual({ label: 'Value', text: 'not sent yet' });
    const md = renderMarkdown(
      reportDocument(
        inputOf({
          items: [itemOf('pw', 'secret')],
          secrets: new Map([['pw', { state: 'released', value: 'hunter2', at }]]),
        }),
      ),
    );
    expect(md).not.toContain('hunter2');
    expect(md).toContain('- **Value:** revealed by this download on');
  });

  it('adds decision, dates, waiver, received-outside, revision and notes rows in this order', () => {
    const submitted = new Date('2026-03-10T10:00:00Z');
    const approved = new Date('2026-03-11T10:00:00Z');
    const item = itemOf('colour', 'choice', {
      status: 'approved',
      value: 'blue',
      decided_by: 'owner',
      submitted_at: submitted,
      approved_at: approved,
      waiver: { ...NO_WAIVER, state: 'pending', reason: 'We have none', requested_by: 'client' },
      received_outside: true,
      received_outside_note: 'by post',
      revision_note: 'Darker please',
      client_note: 'Client says',
      owner_note: 'Owner says',
    });
    expect(rowsOf(item)).toEqual([
      ...base(item, 'approved'),
      { label: 'Value', text: 'blue' },
      { label: 'Decision', text: 'blue (decided by the owner)' },
      { label: 'Submitted', text: fmt(submitted) },
      { label: 'Approved', text: fmt(approved) },
      { label: 'Waiver', text: 'proposed by the client: We have none' },
      { label: 'Received outside the service', text: 'by post' },
      { label: 'Revision requested', text: 'Darker please' },
      { label: 'Client’s note', text: 'Client says' },
      { label: 'Owner’s note', text: 'Owner says' },
    ]);
  });

  it('words a decision by an agent, an accepted waiver by either side and a bare received-outside mark', () => {
    const waived = (requested_by: 'client' | 'owner', reason: string | null) =>
      rowsOf(
        itemOf('logo', 'text', {
          status: 'waived',
          waiver: { ...NO_WAIVER, state: 'accepted', reason, requested_by },
        }),
      );
    expect(waived('owner', 'Not needed')).toEqual([
      ...base(itemOf('logo', 'text'), 'waived'),
      { label: 'Value', text: noneText },
      { label: 'Waiver', text: 'waived (owner): Not needed' },
    ]);
    expect(waived('client', null).at(4)).toEqual({ label: 'Waiver', text: 'waived (client): no reason given' });
    const agent = rowsOf(
      itemOf('n', 'number', { value: 3, decided_by: 'agent', received_outside: true, received_outside_note: '' }),
    );
    expect(agent.slice(3)).toEqual([
      { label: 'Value', text: '3' },
      { label: 'Decision', text: '3 (decided by an agent)' },
      { label: 'Received outside the service', text: 'yes' },
    ]);
  });

  it('escapes a block marker only at the start of a continuation line', () => {
    const md = renderMarkdown(doc('first\n  a-b+c=d\n12. twelve\nkg 3.5'));
    expect(md).toContain('- **Answer:** first  \n    a-b+c=d  \n  12\\. twelve  \n  kg 3.5\n');
  });

  it('renders the whole document as Markdown in order', () => {
    const md = renderMarkdown({
      language: 'en',
      title: 'T',
      intro: 'I',
      facts: [{ label: 'F', text: 'f' }],
      itemsHeading: 'Items',
      items: [{ heading: '1. A', rows: [{ label: 'Value', text: 'x', secret: 's3cr3t' }] }],
      skippedHeading: 'S',
      skipped: ['none'],
      evidenceHeading: 'E',
      evidenceIntro: 'EI',
      evidence: [{ path: 'a.png', sha256: 'ff' }],
    });
    expect(md).toBe(
      [
        '# T',
        '',
        'I',
        '',
        '- **F:** f',
        '',
        '## Items',
        '',
        '### 1. A',
        '',
        '- **Value:** x',
        '',
        '## S',
        '',
        '- none',
        '',
        '## E',
        '',
        'EI',
        '',
        '- `ff` a.png',
        '',
      ].join('\n'),
    );
  });
});
