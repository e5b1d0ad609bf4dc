/** The longest entry file name, in UTF-8 bytes (most file systems allow 255; room for ` (99)`). */
export const MAX_ENTRY_NAME_BYTES = 200;

// C0 and C1 controls, and the bidirectional overrides and isolates that can make `exe.txt` read
// as `txt.exe`.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** Reserved on Windows, which refuses to create such files. */
const WINDOWS_FORBIDDEN = /[<>:"|?*]/g;
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** The name's last part after either separator: an upload's name never chooses a folder. */
const baseName = (name: string): string => name.split(/[/\\]/).pop() ?? '';

function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
}

/** Cuts `text` to at most `bytes` UTF-8 bytes without splitting a character. */
function truncateBytes(text: string, bytes: number): string {
  let out = '';
  for (const char of text) {
    if (Buffer.byteLength(out + char, 'utf8') > bytes) break;
    out += char;
  }
  return out;
}

/**
 * A client's file name made safe as one ZIP entry name inside its item's folder: Unicode NFC;
 * only the part after the last `/` or `\` (so `../../etc/passwd` is `passwd` and `/abs/path` is
 * `path`); controls and bidirectional overrides removed; characters Windows refuses replaced
 * by `_`; no leading or trailing spaces or dots; Windows device names prefixed with `_`; at most
 * MAX_ENTRY_NAME_BYTES, the extension kept; `file` when nothing is left.
 */
export function safeEntryName(clientName: string): string {
  let name = baseName(clientName.normalize('NFC'))
    .replace(UNSAFE, '')
    .replace(WINDOWS_FORBIDDEN, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (name === '') return 'file';
  if (WINDOWS_DEVICE.test(name)) name = `_${name}`;
  if (Buffer.byteLength(name, 'utf8') > MAX_ENTRY_NAME_BYTES) {
    const [stem, extension] = splitExtension(name);
    const keep = extension.length < 20 ? extension : '';
    name = truncateBytes(stem, MAX_ENTRY_NAME_BYTES - Buffer.byteLength(keep, 'utf8')).replace(/[\s.]+$/, '') + keep;
  }
  return name || 'file';
}

/**
 * The entry names of one ZIP: each upload's safe name inside its folder, a second file of the
 * same name (compared ignoring case, as Windows and macOS do) numbered `name (2).ext`, `name
 * (3).ext`, … so nothing is overwritten when it is unpacked.
 */
export class ZipEntryNames {
  private readonly taken = new Map<string, Set<string>>();

  /** `folder/name` for a file in `folder` (an item key: already safe). */
  entry(folder: string, clientName: string): string {
    const names = this.taken.get(folder) ?? new Set<string>();
    this.taken.set(folder, names);
    const safe = safeEntryName(clientName);
    const [stem, extension] = splitExtension(safe);
    let candidate = safe;
    for (let n = 2; names.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${extension}`;
    names.add(candidate.toLowerCase());
    return `${folder}/${candidate}`;
  }
}
