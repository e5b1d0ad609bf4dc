/**
 * A fixed time window (the hourly request limit, log-in throttling): which window `now` is in,
 * when it ends, and how many whole seconds remain.
 */
export interface FixedWindow {
  /** Stable id of the window, e.g. the epoch second it started. */
  id: string;
  endsAt: Date;
  secondsLeft: number;
}

export function fixedWindow(now: Date, lengthSeconds: number): FixedWindow {
  const lengthMs = lengthSeconds * 1000;
  const start = Math.floor(now.getTime() / lengthMs) * lengthMs;
  const endsAt = new Date(start + lengthMs);
  return {
    id: String(start / 1000),
    endsAt,
    secondsLeft: Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / 1000)),
  };
}

/** The clock hour `now` falls in (UTC hours are clock hours in every whole-hour time zone). */
export const clockHour = (now: Date): FixedWindow => fixedWindow(now, 3600);

/** The usage period of `now`: `YYYY-MM` in UTC. */
export const usagePeriod = (now: Date): string => now.toISOString().slice(0, 7);
