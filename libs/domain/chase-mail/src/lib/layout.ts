/**
 * The two bodies of a mail from one list of blocks: plain text, and minimal HTML with inline
 * styles (mail clients drop style sheets). Every value is escaped where it enters the HTML; the
 * blocks themselves hold plain text only.
 */
export type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'list'; heading: string; items: readonly string[] }
  | { type: 'quote'; heading: string; text: string }
  | { type: 'button'; label: string; url: string; fallback: string }
  | { type: 'footer'; lines: readonly string[] };

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** One line: control characters and line breaks become single spaces (subjects, list items). */
export const oneLine = (value: string): string =>
  value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Text as typed by a person: line breaks kept as \n, other control characters dropped. */
const multiLine = (value: string): string =>
  value
    .replace(/\r\n?|\u2028|\u2029/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[^\P{Cc}\n]/gu, '')
    .trim();

/** Only web addresses become links; anything else is shown as text. */
const isWebUrl = (url: string): boolean => /^https?:\/\/[^\s"<>]+$/i.test(url);

/**
 * The look of a client mail's HTML part: the accent of its button and links, and a heading with
 * the sender's logo and display name (the account's or the intake's branding). Plain text has none.
 */
export interface MailTheme {
  /** `#rrggbb`; anything else falls back to ours. */
  accent?: string | null;
  display_name?: string | null;
  /** An https address; anything else is left out. */
  logo_url?: string | null;
}

/** Ours: the accent of a mail without branding. */
export const DEFAULT_ACCENT = '#1d4ed8';

const FONT = 'font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;';
const P = 'margin:0 0 16px 0;';
const SMALL = 'margin:0 0 8px 0;font-size:13px;color:#6b7280;';
const button = (accent: string) =>
  `display:inline-block;padding:12px 20px;background-color:${accent};color:#ffffff;` +
  'text-decoration:none;border-radius:6px;font-weight:bold;';

/** Values written into a style attribute or an address are checked again here, whatever the caller checked. */
const accentOf = (theme: MailTheme): string =>
  theme.accent && /^#[0-9A-Fa-f]{6}$/.test(theme.accent) ? theme.accent.toLowerCase() : DEFAULT_ACCENT;
const isLogoUrl = (url: string): boolean => /^https:\/\/[^\s"'<>\\]+$/i.test(url);

/** Escaped text with its line breaks as <br>. */
const htmlText = (text: string) => escapeHtml(multiLine(text)).replace(/\n/g, '<br>');

function blockText(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return multiLine(block.text);
    case 'list':
      return [oneLine(block.heading), ...block.items.map((item) => `- ${oneLine(item)}`)].join('\n');
    case 'quote':
      return [
        oneLine(block.heading),
        ...multiLine(block.text)
          .split('\n')
          .map((line) => `> ${line}`.trimEnd()),
      ].join('\n');
    case 'button':
      return `${oneLine(block.label)}:\n${oneLine(block.url)}`;
    case 'footer':
      return ['-- ', ...block.lines.map(multiLine)].join('\n');
  }
}

function blockHtml(block: Block, accent: string): string {
  switch (block.type) {
    case 'paragraph':
      return `<p style="${P}">${htmlText(block.text)}</p>`;
    case 'list':
      return (
        `<p style="margin:0 0 8px 0;">${escapeHtml(oneLine(block.heading))}</p>` +
        `<ul style="margin:0 0 16px 0;padding-left:24px;">` +
        block.items.map((item) => `<li style="margin:0 0 4px 0;">${escapeHtml(oneLine(item))}</li>`).join('') +
        '</ul>'
      );
    case 'quote':
      return (
        `<p style="margin:0 0 8px 0;">${escapeHtml(oneLine(block.heading))}</p>` +
        `<blockquote style="margin:0 0 16px 0;padding:8px 16px;border-left:4px solid #d1d5db;color:#374151;">` +
        `${htmlText(block.text)}</blockquote>`
      );
    case 'button': {
      const url = oneLine(block.url);
      if (!isWebUrl(url)) return `<p style="${P}">${escapeHtml(oneLine(block.label))}: ${escapeHtml(url)}</p>`;
      return (
        `<p style="margin:24px 0;"><a href="${escapeHtml(url)}" style="${button(accent)}">${escapeHtml(oneLine(block.label))}</a></p>` +
        `<p style="${SMALL}">${escapeHtml(oneLine(block.fallback))}<br>` +
        `<a href="${escapeHtml(url)}" style="color:${accent};word-break:break-all;">${escapeHtml(url)}</a></p>`
      );
    }
    case 'footer':
      return (
        '<hr style="border:none;border-top:1px solid #e5e7eb;margin:32px 0 16px 0;">' +
        block.lines.map((line) => `<p style="${SMALL}">${htmlText(line)}</p>`).join('')
      );
  }
}

/**
 * The heading of a branded mail: the logo (its alt text the display name, shown where images are
 * blocked) over the display name, on a rule in the accent; nothing when there is neither.
 */
function headerHtml(theme: MailTheme, accent: string): string {
  const name = oneLine(theme.display_name ?? '');
  const logo = oneLine(theme.logo_url ?? '');
  const parts = [
    ...(isLogoUrl(logo)
      ? [
          `<img src="${escapeHtml(logo)}" alt="${escapeHtml(name)}" height="48" ` +
            'style="display:block;height:auto;max-height:48px;max-width:200px;border:0;margin:0 0 8px 0;">',
        ]
      : []),
    ...(name ? [`<p style="margin:0;font-size:20px;font-weight:bold;color:${accent};">${escapeHtml(name)}</p>`] : []),
  ];
  if (parts.length === 0) return '';
  return `<div style="margin:0 0 24px 0;padding:0 0 16px 0;border-bottom:3px solid ${accent};">${parts.join('')}</div>`;
}

/** The plain-text and HTML bodies of a mail in a language (the theme shapes the HTML only). */
export function renderBodies(
  language: string,
  subject: string,
  blocks: readonly Block[],
  theme: MailTheme = {},
): { text: string; html: string } {
  const accent = accentOf(theme);
  const text = blocks.map(blockText).join('\n\n') + '\n';
  const html =
    `<!DOCTYPE html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(subject)}</title></head>` +
    '<body style="margin:0;padding:0;background-color:#f3f4f6;">' +
    `<div style="max-width:560px;margin:0 auto;padding:32px 24px;background-color:#ffffff;${FONT}">` +
    headerHtml(theme, accent) +
    blocks.map((block) => blockHtml(block, accent)).join('') +
    '</div></body></html>\n';
  return { text, html };
}
