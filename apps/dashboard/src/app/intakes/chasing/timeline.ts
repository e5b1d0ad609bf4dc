import type { components } from '@intake/sdk-types';
import { type MessageKey } from '../../i18n/catalogues/en';

export type Chase = components['schemas']['ChaseView'];
type Intake = components['schemas']['IntakeView'];

/** A moment as a person reads it in one time zone: the date and time, and the zone's name. */
export interface ZonedTime {
  /** e.g. "3 Mar 2031, 21:30" (the language's way). */
  time: string;
  /** The zone's localised generic name, e.g. "Central European Time", "severoamerický východní čas". */
  zone: string;
}

/** A moment for the owner, and for the client when their wall clock shows something else. */
export interface OwnerAndClientTime {
  owner: ZonedTime;
  /** Absent when the client's zone shows the same date and time as the owner's. */
  client?: ZonedTime;
}

/** The browser's time zone: the owner's. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** `iso` in `timeZone`, the language's way; an unknown zone falls back to UTC rather than failing the page. */
export function zonedTime(iso: string, timeZone: string, language: string): ZonedTime {
  const zone = knownZone(timeZone);
  const date = new Date(iso);
  const time = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(
    date,
  );
  const name =
    new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(date)
      .find((part) => part.type === 'timeZoneName')?.value ?? zone;
  return { time, zone: name };
}

/**
 * The moment in the owner's zone and, when it reads differently there, in the client's: the
 * reminders are planned on the client's clock (quiet hours, chase_at_time), the owner reads theirs.
 */
export function ownerAndClientTime(
  iso: string,
  zones: { owner: string; client: string },
  language: string,
): OwnerAndClientTime {
  const owner = zonedTime(iso, zones.owner, language);
  const client = zonedTime(iso, zones.client, language);
  return client.time === owner.time ? { owner } : { owner, client };
}

function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** When a chase happened (sent) or is or was due: the moment the timeline shows it at. */
export const chaseMoment = (chase: Chase): string | null => chase.sent_at ?? chase.scheduled_at;

/** The chases in the order they happened, the ones still to come last; ties keep the API's order. */
export function inTimelineOrder(chases: readonly Chase[]): Chase[] {
  return chases
    .map((chase, index) => ({ chase, index, at: Date.parse(chaseMoment(chase) ?? '') }))
    .sort((a, b) => {
      const byTime = (Number.isNaN(a.at) ? Infinity : a.at) - (Number.isNaN(b.at) ? Infinity : b.at);
      return byTime !== 0 ? byTime : a.index - b.index;
    })
    .map((entry) => entry.chase);
}

/** The next chase still to go out (the status endpoint: its scheduled_at is when the next reminder is due). */
export function nextChase(chases: readonly Chase[]): Chase | undefined {
  return inTimelineOrder(chases.filter((chase) => chase.status === 'scheduled' && chase.scheduled_at !== null))[0];
}

/** What a chase was: the invitation, reminder number n, a revision request, a chase by hand. */
export function chaseKindKey(chase: Chase): MessageKey {
  const keys: Record<Chase['kind'], MessageKey> = {
    invite: 'chasing.kind.invite',
    reminder: 'chasing.kind.reminder',
    revision: 'chasing.kind.revision',
    manual: 'chasing.kind.manual',
  };
  return keys[chase.kind];
}

/**
 * Each status's words and badge. Light badges where Mantine's light shades keep AA contrast (blue,
 * grape, gray); the good and bad outcomes as filled badges in dark shades (white on teal 9 and red 9).
 */
export const CHASE_STATUS: Readonly<
  Record<Chase['status'], { key: MessageKey; color: string; variant: 'light' | 'filled' }>
> = {
  scheduled: { key: 'chasing.status.scheduled', color: 'blue', variant: 'light' },
  sent: { key: 'chasing.status.sent', color: 'teal.9', variant: 'filled' },
  failed: { key: 'chasing.status.failed', color: 'red.9', variant: 'filled' },
  bounced: { key: 'chasing.status.bounced', color: 'red.9', variant: 'filled' },
  complained: { key: 'chasing.status.complained', color: 'red.9', variant: 'filled' },
  cancelled: { key: 'chasing.status.cancelled', color: 'gray', variant: 'light' },
  skipped: { key: 'chasing.status.skipped', color: 'grape', variant: 'light' },
};

/** The label of the moment a chase is shown at: sent at, due at, or was due at. */
export function momentKey(chase: Chase): MessageKey {
  if (chase.sent_at) return 'chasing.at.sent';
  return chase.status === 'scheduled' ? 'chasing.at.due' : 'chasing.at.was_due';
}

/**
 * Why a chase did not go out, when the record says so. The API's `error` is an English sentence
 * written by the sender (not a stable code), so the known ones are recognised by their start and
 * shown as the dashboard's own sentence; anything else gets a general one for its status.
 */
export function reasonKey(chase: Chase): MessageKey | undefined {
  const error = chase.error?.trim().toLowerCase() ?? '';
  const known: ReadonlyArray<[string, MessageKey]> = [
    ['test mode', 'chasing.reason.test_mode'],
    ['the intake is no longer being chased', 'chasing.reason.not_chased'],
    ['every recipient has bounced', 'chasing.reason.all_bounced'],
    ['the client has no phone number', 'chasing.reason.no_phone'],
    ['the mail server refused', 'chasing.reason.mail_refused'],
    ['the sms provider refused', 'chasing.reason.sms_refused'],
  ];
  if (error) return known.find(([start]) => error.startsWith(start))?.[1] ?? 'chasing.reason.other';
  if (chase.status === 'cancelled') return 'chasing.reason.withdrawn';
  if (chase.status === 'bounced') return 'chasing.reason.bounced';
  if (chase.status === 'complained') return 'chasing.reason.complained';
  return undefined;
}

/** Where chasing stands: what the next reminder line says. */
export type ChasingState =
  | { kind: 'next'; chase: Chase }
  | { kind: 'draft' | 'archived' | 'completed' | 'stalled' | 'off' | 'none' };

export function chasingState(
  intake: Pick<Intake, 'status' | 'stalled_at' | 'chase_schedule'>,
  chases: readonly Chase[],
): ChasingState {
  if (intake.status === 'draft') return { kind: 'draft' };
  if (intake.status === 'archived') return { kind: 'archived' };
  if (intake.status === 'completed') return { kind: 'completed' };
  const next = nextChase(chases);
  if (next) return { kind: 'next', chase: next };
  if (intake.stalled_at) return { kind: 'stalled' };
  if (intake.chase_schedule === 'off') return { kind: 'off' };
  return { kind: 'none' };
}

/** When a refused action may be tried again: `seconds` (Retry-After) after `now`, and in whole minutes. */
export function retryMoment(now: Date, seconds: number): { at: string; minutes: number } {
  const wait = Math.max(0, Math.ceil(seconds));
  return { at: new Date(now.getTime() + wait * 1000).toISOString(), minutes: Math.max(1, Math.ceil(wait / 60)) };
}

/** Retry-After in seconds (the API sends seconds; an HTTP date is read too), or undefined. */
export function retryAfterSeconds(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.round((at - now.getTime()) / 1000));
}
