import { type WebhookFormat } from './events';
import { type ChaseBouncedPayload, inSpecOrder, isTestPayload, type WebhookPayload } from './payloads';

/**
 * The Slack and Discord messages (docs/contract.md "Chat formats"): one plain sentence per event naming
 * the item key and the project, the client only as "the client" (no e-mail address, ever), then
 * a second line with the intake id. Never the portal link or the slug. Every value taken from the
 * payload is put on one line, clipped, and made inert for the chat service: no mention, channel
 * link or markup it carries does anything.
 */

/** A payload value as text for one chat service: on one line, clipped to `max` characters, inert. */
type Value = (text: unknown, max: number) => string;

/** Longest project name, item key and due date shown; lists show at most this many keys. */
const MAX_PROJECT = 150;
const MAX_KEY = 64;
const MAX_LISTED = 5;

const ZWSP = '\u200b';

/** Control characters and line or paragraph separators: one line per value, so no value fakes a second line. */
// eslint-disable-next-line no-control-regex
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

function oneLine(text: unknown, max: number): string {
  const flat = String(text ?? '').replace(LINE_BREAKING, ' ');
  const chars = Array.from(flat);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

/**
 * Slack: `&`, `<` and `>` become entities, which is all Slack's "escaping text" asks and turns
 * `<!channel>`, `<@U123>`, `<#C1>` and `<url|label>` into plain text; a zero-width space after
 * every `@` breaks `@everyone`, `@here`, `@channel` and names, should link_names be on.
 */
export function inertForSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/@/g, `@${ZWSP}`);
}

/**
 * Discord: a zero-width space after every `@` and `<` breaks `@everyone`, `@here`, `<@id>`,
 * `<@!id>`, `<@&id>`, `<#id>` and `</command:id>`; markdown characters are escaped so a name
 * cannot make a masked link, spoiler or code block. `allowed_mentions: {parse: []}` is the
 * second guard.
 */
export function inertForDiscord(text: string): string {
  return text.replace(/[\\*_~`|[\]]/g, '\\$&').replace(/[@<]/g, `$&${ZWSP}`);
}

function plural(count: number, one: string, many: string): string {
  return count === 1 ? `1 ${one}` : `${count} ${many}`;
}

/** ` (a, b, c, d, e and 2 more)`, or nothing for no keys. */
function keyList(keys: unknown, v: Value): string {
  const list = Array.isArray(keys) ? keys : [];
  const shown = list.slice(0, MAX_LISTED).map((key) => v(key, MAX_KEY));
  const more = list.length - shown.length;
  if (shown.length === 0) return '';
  return more > 0 ? ` (${shown.join(', ')} and ${more} more)` : ` (${shown.join(', ')})`;
}

function count(list: unknown): number {
  return Array.isArray(list) ? list.length : 0;
}

const BOUNCE_KINDS: Record<string, string> = {
  Permanent: 'a permanent bounce',
  Transient: 'a temporary bounce',
  Undetermined: 'a bounce of undetermined kind',
};

function bounceSentence(payload: ChaseBouncedPayload): string {
  const what =
    payload.event_type === 'complained'
      ? 'A reminder e-mail was reported as spam'
      : `A reminder e-mail bounced (${BOUNCE_KINDS[String(payload.bounce_type)] ?? 'a bounce'})`;
  const then = payload.still_chasing ? 'reminders continue' : 'no more reminders will be sent';
  return `${what}; ${then}.`;
}

/** The first line: what happened, with every payload value passed through `v`. */
function sentence(payload: WebhookPayload, v: Value): string {
  if (isTestPayload(payload)) return `Test delivery: ${v(payload.message, MAX_PROJECT)}`;
  const project = `"${v((payload as { project_name?: unknown }).project_name, MAX_PROJECT)}"`;
  switch (payload.event) {
    case 'item.submitted': {
      const files = payload.file_count === undefined ? '' : ` (${plural(payload.file_count, 'file', 'files')})`;
      return `The client submitted item "${v(payload.item_key, MAX_KEY)}"${files} in project ${project}.`;
    }
    case 'intake.completed':
      return `Project ${project} is complete: every required item is in.`;
    case 'client.viewed':
      return `The client opened the portal of project ${project}.`;
    case 'chase.bounced':
      return bounceSentence(payload);
    case 'intake.stalled':
      return (
        `Project ${project} stalled: the reminders ran out with ` +
        `${plural(count(payload.missing_items), 'required item', 'required items')} missing` +
        `${keyList(payload.missing_items, v)}.`
      );
    case 'intake.overdue':
      return (
        `Project ${project} is overdue (due ${v(payload.due_date, MAX_KEY)}) with ` +
        `${plural(count(payload.outstanding_items), 'required item', 'required items')} outstanding` +
        `${keyList(payload.outstanding_items, v)}.`
      );
    case 'intake.archived':
      return `Project ${project} was archived.`;
    default:
      // A payload of an event this version does not know (read back from the log): say only what it is.
      return `Event "${v((payload as { event: unknown }).event, MAX_KEY)}".`;
  }
}

/** The two lines of a chat message, each payload value on one line, clipped and made inert by `inert`. */
export function chatText(payload: WebhookPayload, inert: (text: string) => string): string {
  const v: Value = (text, max) => inert(oneLine(text, max));
  return `${sentence(payload, v)}\nIntake: ${v(payload.intake_id, MAX_KEY)}`;
}

/**
 * The request body for an endpoint of `format`: the raw payload as JSON (fields in the spec's
 * order), Slack's `{text}`, or Discord's `{content, allowed_mentions: {parse: []}}`.
 */
export function renderBody(format: WebhookFormat, payload: WebhookPayload): string {
  switch (format) {
    case 'raw':
      return JSON.stringify(inSpecOrder(payload));
    case 'slack':
      return JSON.stringify({ text: chatText(payload, inertForSlack) });
    case 'discord':
      return JSON.stringify({
        content: chatText(payload, inertForDiscord),
        allowed_mentions: { parse: [] },
      });
  }
}
