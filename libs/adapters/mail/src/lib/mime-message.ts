import { randomUUID } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import { encodeWord, encodeWords, foldLines, isPlainText } from 'nodemailer/lib/mime-funcs';
import { encode as quotedPrintable, wrap as wrapQuotedPrintable } from 'nodemailer/lib/qp';
import { type OutgoingMail } from '@intake/application-mail';

/** A message ready for the wire: the RFC 5322 text and the SMTP envelope. */
export interface RawMessage {
  raw: string;
  envelope: { from: string; to: string[] };
  messageId: string;
}

const SPECIALS = /[()<>[\]:;@\\,."]/;
const ASCII_ADDRESS = /^[\x21-\x7e]+@[\x21-\x7e]+$/;

/**
 * Builds the message text for the common shape of our mail (plain text, optional HTML, ASCII
 * addresses) with nodemailer's own encoders, without nodemailer's composer: the composer's
 * stream pipeline cost half of a scheduler's CPU per reminder (docs/benchmarks.md). Returns
 * undefined for anything outside that shape (a non-ASCII address, a header value that is not
 * plain text, a group): the caller then lets nodemailer compose it.
 */
export function buildRawMessage(mail: OutgoingMail, defaultFrom: string): RawMessage | undefined {
  const from = parseSender(mail.from ?? defaultFrom);
  const to = mail.to.map(parseOne);
  const replyTo = mail.replyTo === undefined ? undefined : parseOne(mail.replyTo);
  if (!from || to.some((a) => !a) || to.length === 0 || replyTo === null) return undefined;
  const extra = Object.entries(mail.headers ?? {});
  if (extra.some(([name, value]) => !/^[A-Za-z0-9-]+$/.test(name) || !isPlainText(value) || /[\r\n]/.test(value))) {
    return undefined;
  }
  const recipients = to as Address[];
  const messageId = `<${randomUUID()}@${from.address.split('@')[1]}>`;
  const headers = [
    header('From', formatAddress(from)),
    header('To', recipients.map(formatAddress).join(', ')),
    ...(replyTo ? [header('Reply-To', formatAddress(replyTo))] : []),
    header('Subject', encodeWords(mail.subject.replace(/[\r\n]+/g, ' '), 'Q', 52)),
    header('Message-ID', messageId),
    header('Date', new Date().toUTCString().replace(/GMT/, '+0000')),
    'MIME-Version: 1.0',
    ...extra.map(([name, value]) => header(name, value)),
  ];
  const text = part('text/plain', mail.text);
  const body =
    mail.html === undefined ? [...text.headers, '', text.body, ''] : alternative([text, part('text/html', mail.html)]);
  return {
    raw: [...headers, ...body].join('\r\n'),
    envelope: { from: from.address, to: recipients.map((a) => a.address) },
    messageId,
  };
}

interface Address {
  name: string;
  address: string;
}

/** The sender's address is the same on almost every message: parsed once (a few entries at most). */
const parsedSenders = new Map<string, Address | null>();
const SENDERS_REMEMBERED = 64;

function parseSender(value: string): Address | null {
  let parsed = parsedSenders.get(value);
  if (parsed === undefined) {
    parsed = parseOne(value);
    if (parsedSenders.size >= SENDERS_REMEMBERED) parsedSenders.clear();
    parsedSenders.set(value, parsed);
  }
  return parsed;
}

/** One mailbox with an ASCII address; null when it is not that. */
function parseOne(value: string): Address | null {
  const parsed = addressparser(value, { flatten: true });
  const only = parsed.length === 1 ? parsed[0] : undefined;
  return only && ASCII_ADDRESS.test(only.address) ? { name: only.name, address: only.address } : null;
}

function formatAddress({ name, address }: Address): string {
  if (!name) return address;
  const phrase = !isPlainText(name)
    ? encodeWord(name, 'Q', 52)
    : SPECIALS.test(name)
      ? `"${name.replace(/(["\\])/g, '\\$1')}"`
      : name;
  return `${phrase} <${address}>`;
}

function header(name: string, value: string): string {
  return foldLines(`${name}: ${value}`, 76).replace(/\r?\n/g, '\r\n');
}

interface Part {
  headers: string[];
  body: string;
}

function part(type: string, content: string): Part {
  return {
    headers: [`Content-Type: ${type}; charset=utf-8`, 'Content-Transfer-Encoding: quoted-printable'],
    body: wrapQuotedPrintable(quotedPrintable(content), 76).replace(/\r?\n/g, '\r\n'),
  };
}

function alternative(parts: Part[]): string[] {
  const boundary = `_b_${randomUUID().replace(/-/g, '').slice(0, 24)}`; // 90 random bits; keeps its header line under 78
  return [
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    ...parts.flatMap((p) => [`--${boundary}`, ...p.headers, '', p.body]),
    `--${boundary}--`,
    '',
  ];
}
