export * from './lib/plan-next-reminder';
export { CADENCES, type Cadence, dayOffset } from './lib/reminder-slots';
export { holdForQuietHours, REMINDER_WINDOW, skipWeekend } from './lib/local-time';
export * from './lib/plan-thank-you';
