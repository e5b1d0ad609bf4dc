// The chasing context's published interface.
export * from './lib/ports/chase-queue.port';
export * from './lib/ports/chase-store.port';
export * from './lib/ports/chase-intakes.port';
// ChaseIntakes on the intakes context's store
export * from './lib/stored-chase-intakes';
export * from './lib/reminders/planned-reminders';
export * from './lib/sending/chase-letters';
export * from './lib/sending/chase-aftermath';
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
export * from './lib/ports/owner-notice-queue.port';
export * from './lib/owner-notices/notify-owner';
export * from './lib/owner-notices/send-owner-notices';
export * from './lib/thank-you/client-mail-audit';
export * from './lib/thank-you/thank-client';
