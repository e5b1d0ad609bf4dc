export * from './lib/ports';
export * from './lib/secrets';
export * from './lib/auth.service';
export * from './lib/api-keys.service';
export * from './lib/team.service';
export * from './lib/account.service';
