import { formatCalendarDay, formatNumber, type Language, type Translate } from '@intake/domain-messages';
import { isFileType } from '@intake/domain-items';
import { type SkippedFile } from './download-preflight';
import { type ManifestFile } from './evidence-manifest';
import { type ReportKey, reportTranslator } from './report-text';
import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/** One line of a report table: a label and its text; `secret` is shown by the PDF only. */
export interface ReportRow {
  label: string;
  text: string;
  /** A secret value this download revealed: podklady.pdf shows it, podklady.md never. */
  secret?: string;
}

export interface ReportItem {
  heading: string;
  rows: ReportRow[];
}

/**
 * What both reports say, in words of one language: podklady.md and podklady.pdf are two layouts
 * of this one document (docs/contract.md "Results and downloads": the same content), except that only the PDF
 * shows secret values.
 */
export interface ReportDocument {
  language: Language;
  title: string;
  intro: string;
  facts: ReportRow[];
  itemsHeading: string;
  items: ReportItem[];
  skippedHeading: string;
  /** The uploads left out, by name (or one line saying there are none). */
  skipped: string[];
  evidenceHeading: string;
  evidenceIntro: string;
  /** Every file of the ZIP with its SHA-256 (the manifest lists them too). */
  evidence: Array<{ path: string; sha256: string }>;
}

/** An upload as the ZIP holds it. */
export type ReportFile = Pick<ManifestFile, 'item_key' | 'path' | 'size' | 'sha256'>;

/** What became of a secret item in this download. */
export type ReportSecret =
  | { state: 'released'; value: string; at: Date }
  | { state: 'revealed'; at: Date }
  | { state: 'withheld' }
  | { state: 'purged' }
  | { state: 'unanswered' };

export interface ReportInput {
  intake: IntakeRecord;
  /** In the intake's order. */
  items: readonly ItemRecord[];
  files: readonly ReportFile[];
  skipped: readonly SkippedFile[];
  secrets: ReadonlyMap<string, ReportSecret>;
  generatedAt: Date;
  language: Language;
  /** IANA zone the times are written in (the account's). */
  timeZone: string;
}

const dateTime = (at: Date, language: Language, timeZone: string): string =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(at);

/** The document both reports are made of. */
export function reportDocument(input: ReportInput): ReportDocument {
  const { intake, language } = input;
  const t = reportTranslator(language);
  const at = (date: Date | null): string => (date ? dateTime(date, language, input.timeZone) : t('none'));
  const facts: ReportRow[] = [
    { label: t('fact_project'), text: intake.project_name },
    { label: t('fact_intake'), text: intake.id },
    { label: t('fact_client'), text: `${intake.client_name} <${intake.client_email}>` },
    { label: t('fact_status'), text: t(`intake_${intake.status}`) },
    { label: t('fact_created'), text: at(intake.created_at) },
    { label: t('fact_sent'), text: at(intake.sent_at) },
    { label: t('fact_completed'), text: at(intake.completed_at) },
    { label: t('fact_due'), text: intake.due_date ? formatCalendarDay(intake.due_date, language) : t('none') },
    { label: t('fact_generated'), text: at(input.generatedAt) },
    ...(intake.client_note ? [{ label: t('fact_client_note'), text: intake.client_note }] : []),
  ];
  const items = input.items.map((item, index) => ({
    heading: `${index + 1}. ${item.label}`,
    rows: itemRows(item, input, t, at),
  }));
  return {
    language,
    title: t('title', { project: intake.project_name }),
    intro: t('intro', { date: at(input.generatedAt) }),
    facts,
    itemsHeading: t('items'),
    items,
    skippedHeading: t('skipped'),
    skipped:
      input.skipped.length === 0
        ? [t('skipped_none')]
        : input.skipped.map((s) =>
            t(s.av_status === 'infected' ? 'skipped_infected' : 'skipped_pending', {
              item: s.item_key,
              name: s.filename,
            }),
          ),
    evidenceHeading: t('evidence'),
    evidenceIntro: t('evidence_intro'),
    evidence: input.files.map((f) => ({ path: f.path, sha256: f.sha256 })),
  };
}

function itemRows(
  item: ItemRecord,
  input: ReportInput,
  t: Translate<ReportKey>,
  at: (date: Date | null) => string,
): ReportRow[] {
  const rows: ReportRow[] = [
    { label: t('row_key'), text: item.key },
    { label: t('row_type'), text: item.type },
    { label: t('row_status'), text: t(`status_${item.status}`) },
  ];
  if (isFileType(item.type)) {
    const files = input.files.filter((f) => f.item_key === item.key);
    const lines = files.map((f) => t('file_line', { path: f.path, size: formatNumber(f.size, input.language) }));
    rows.push({ label: t('row_files'), text: lines.length > 0 ? lines.join('\n') : t('no_files') });
  } else if (item.type === 'secret') {
    rows.push(secretRow(input.secrets.get(item.key) ?? { state: 'unanswered' }, t, at));
  } else {
    rows.push({ label: t('row_value'), text: valueText(item.value, input.language, t) });
  }
  if (item.decided_by) {
    const decided = t(item.decided_by === 'owner' ? 'decided_by_owner' : 'decided_by_agent', {
      value: valueText(item.value, input.language, t),
    });
    rows.push({ label: t('row_decision'), text: decided });
  }
  if (item.submitted_at) rows.push({ label: t('row_submitted'), text: at(item.submitted_at) });
  if (item.approved_at) rows.push({ label: t('row_approved'), text: at(item.approved_at) });
  if (item.waiver.state !== 'none') {
    const reason = item.waiver.reason ?? t('no_reason');
    const by = t(item.waiver.requested_by === 'client' ? 'by_client' : 'by_owner');
    const text =
      item.waiver.state === 'pending' ? t('waiver_pending', { reason }) : t('waiver_accepted', { by, reason });
    rows.push({ label: t('row_waiver'), text });
  }
  if (item.received_outside) {
    rows.push({ label: t('row_received_outside'), text: item.received_outside_note || t('yes') });
  }
  if (item.revision_note) rows.push({ label: t('row_revision'), text: item.revision_note });
  if (item.client_note) rows.push({ label: t('row_client_note'), text: item.client_note });
  if (item.owner_note) rows.push({ label: t('row_owner_note'), text: item.owner_note });
  return rows;
}

function secretRow(secret: ReportSecret, t: Translate<ReportKey>, at: (date: Date | null) => string): ReportRow {
  const label = t('row_value');
  switch (secret.state) {
    case 'released':
      return { label, text: t('secret_in_pdf', { date: at(secret.at) }), secret: secret.value };
    case 'revealed':
      return { label, text: t('secret_revealed', { date: at(secret.at) }) };
    case 'withheld':
      return { label, text: t('secret_not_included') };
    case 'purged':
      return { label, text: t('secret_purged') };
    case 'unanswered':
      return { label, text: t('secret_not_submitted') };
  }
}

/** A stored answer in words: numbers the language's way, choices joined, structured data as `key: value` lines. */
function valueText(value: unknown, language: Language, t: Translate<ReportKey>): string {
  if (value === null || value === undefined || value === '') return t('none');
  if (typeof value === 'number') return formatNumber(value, language);
  if (typeof value === 'boolean') return t(value ? 'yes' : 'no');
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatCalendarDay(value, language) : value;
  if (Array.isArray(value)) return value.map((v) => valueText(v, language, t)).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(
        ([key, v]) => `${key}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : valueText(v, language, t)}`,
      )
      .join('\n');
  }
  return String(value);
}

/** Markdown's inline syntax characters, escaped so a client's text cannot restructure the report. */
const escapeMarkdown = (text: string): string => text.replace(/([\\`*_[\]<>#|{}!~])/g, '\\$1');

/**
 * What would open a block at the start of a continuation line (a list item, a setext heading's
 * underline, a thematic break) and that escapeMarkdown leaves, being plain text elsewhere.
 */
const escapeBlockStart = (line: string): string =>
  line.replace(/^(\s*)([-+=])/, '$1\\$2').replace(/^(\s*\d+)([.)])/, '$1\\$2');

/** A text that may span lines, as the rest of a list entry (continuation lines indented). */
const inline = (text: string): string =>
  escapeMarkdown(text)
    .split(/\r\n|\r|\n/) // CommonMark ends a line at any of the three
    .map((line, n) => (n === 0 ? line : `  ${escapeBlockStart(line)}`))
    .join('  \n');

/** podklady.md: the document in Markdown, secret values left out whatever the download revealed. */
export function renderMarkdown(doc: ReportDocument): string {
  const lines: string[] = [`# ${escapeMarkdown(doc.title)}`, '', escapeMarkdown(doc.intro), ''];
  for (const fact of doc.facts) lines.push(`- **${escapeMarkdown(fact.label)}:** ${inline(fact.text)}`);
  lines.push('', `## ${escapeMarkdown(doc.itemsHeading)}`, '');
  for (const item of doc.items) {
    lines.push(`### ${escapeMarkdown(item.heading)}`, '');
    // row.text only: a secret's value (row.secret) is for the PDF.
    for (const row of item.rows) lines.push(`- **${escapeMarkdown(row.label)}:** ${inline(row.text)}`);
    lines.push('');
  }
  lines.push(`## ${escapeMarkdown(doc.skippedHeading)}`, '');
  for (const line of doc.skipped) lines.push(`- ${inline(line)}`);
  lines.push('', `## ${escapeMarkdown(doc.evidenceHeading)}`, '', escapeMarkdown(doc.evidenceIntro), '');
  for (const entry of doc.evidence) lines.push(`- \`${entry.sha256}\` ${inline(entry.path)}`);
  lines.push('');
  return lines.join('\n');
}
