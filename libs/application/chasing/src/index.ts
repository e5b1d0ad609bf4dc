// The chasing context's published interface.
export * from './lib/ports/chase-queue.port';
export * from './lib/reminders/planned-reminders';
export * from './lib/sending/chase-letters';
export * from './lib/sending/record-chase';
export * from './lib/sending/deliver-chase';
export * from './lib/sending/send-due-chases';
