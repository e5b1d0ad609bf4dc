// The chasing context's published interface.
export * from './lib/ports/chase-queue.port';
export * from './lib/reminders/planned-reminders';
export * from './lib/sending/chase-letters';
export * from './lib/sending/record-chase';
export * from './lib/sending/deliver-chase';
export * from './lib/sending/send-due-chases';
export * from './lib/manual/manual-chase-limits';
export * from './lib/manual/sms-credits';
export * from './lib/manual/record-manual-chase';
export * from './lib/preview/preview-invitation';
export * from './lib/ports/sent-chases.port';
export * from './lib/bounces/intake-recipients';
export * from './lib/bounces/record-mail-events';
export * from './lib/bounces/receive-mail-events';
export * from './lib/bounces/reinstate-recipient';
