export * from './lib/aes-gcm.secret-box';
export * from './lib/secret-box.module';
