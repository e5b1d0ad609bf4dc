export * from './lib/nodemailer.mail-transport';
export * from './lib/mail.module';
