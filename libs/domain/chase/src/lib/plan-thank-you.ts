import { holdForQuietHours } from './local-time';

export interface ThankYouInput {
  /** The intake's mode: a test intake never writes to the client. */
  mode: 'live' | 'test';
  /** The intake's own `send_thank_you`; null follows the account. */
  intakeSetting: boolean | null;
  /** The account's `send_thank_you`. */
  accountSetting: boolean;
  /** The intake's `respect_quiet_hours`: the thank-you waits for the client's 08:00 to 19:00 window, as reminders do. */
  respectQuietHours: boolean;
  /** client.timezone (IANA). */
  timezone: string;
  /** Whether a thank-you of an earlier completion is still waiting to go out (then no second one). */
  alreadyScheduled: boolean;
  /** The instant the intake completed. */
  now: Date;
}

/**
 * `send`: a thank-you due `at`. `skip`: a test intake's, recorded `skipped` and never sent. `none`:
 * switched off, or one is already waiting.
 */
export type ThankYouPlan = { kind: 'send'; at: Date } | { kind: 'skip' } | { kind: 'none' };

/** Whether a completion thanks the client: the intake's own choice, else the account's. */
export const thanksClient = (intakeSetting: boolean | null, accountSetting: boolean): boolean =>
  intakeSetting ?? accountSetting;

/**
 * The thank-you e-mail of one completion. Each completion (`intake.completed`) asks once; a
 * reopened intake's waiting thank-you is cancelled, so a re-completion may thank again, but never
 * two at once.
 */
export function planThankYou(input: ThankYouInput): ThankYouPlan {
  if (!thanksClient(input.intakeSetting, input.accountSetting) || input.alreadyScheduled) return { kind: 'none' };
  if (input.mode === 'test') return { kind: 'skip' };
  return {
    kind: 'send',
    at: input.respectQuietHours ? holdForQuietHours(input.now, input.timezone) : input.now,
  };
}
