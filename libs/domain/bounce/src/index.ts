export * from './lib/model';
export * from './lib/mail-event';
export * from './lib/reinstate';
export * from './lib/ses-notification';
export * from './lib/provider-body';
