import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A request as the runner sent it through inject(), and as `curl` prints it. */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** Shell quoting: '…' for plain text, $'…' with escapes for control and non-ASCII characters. */
export function shellQuote(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `'${text.replaceAll("'", `'\\''`)}'`;
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === "'" || char === '\\') out += `\\${char}`;
    else if (code >= 0x20 && code <= 0x7e) out += char;
    else if (code <= 0xff) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code <= 0xffff) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += `\\U${code.toString(16).padStart(8, '0')}`;
  }
  return `$'${out}'`;
}

const INLINE_BODY_LIMIT = 2000;

/**
 * One `curl` line against `baseUrl`. A body longer than a screen (or binary) is written next to
 * the report, under `dir`, and sent with `--data-binary @file`.
 */
export function toCurl(request: SentRequest, baseUrl: string, dir: string, name: string): string {
  const parts = ['curl', '-i', '-X', request.method, shellQuote(`${baseUrl}${request.url}`)];
  for (const [header, value] of Object.entries(request.headers)) parts.push('-H', shellQuote(`${header}: ${value}`));
  const { body } = request;
  if (body !== undefined && body.length > 0) {
    const binary = Buffer.isBuffer(body);
    if (!binary && body.length <= INLINE_BODY_LIMIT) {
      parts.push('--data-binary', shellQuote(body));
    } else {
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${name.replace(/[^A-Za-z0-9_-]+/g, '_')}.body`);
      writeFileSync(file, body);
      parts.push('--data-binary', shellQuote(`@${file}`));
    }
  }
  return parts.join(' ');
}
