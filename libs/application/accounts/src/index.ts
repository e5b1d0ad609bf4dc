// The accounts context's published interface.
export * from './lib/ports';
export * from './lib/secrets';
export * from './lib/account-errors';

export * from './lib/auth/authenticated';
export * from './lib/auth/sign-up';
export * from './lib/auth/log-in';
export * from './lib/auth/log-out';
export * from './lib/auth/authenticate-session';
export * from './lib/auth/authenticate-api-key';
export * from './lib/auth/get-me';
export * from './lib/api-keys/create-api-key';
export * from './lib/api-keys/list-api-keys';
export * from './lib/api-keys/revoke-api-key';
export * from './lib/team/team-settings';
export * from './lib/team/invite-member';
export * from './lib/team/accept-invitation';
export * from './lib/team/list-members';
export * from './lib/team/remove-member';
export * from './lib/account/get-account';
export * from './lib/account/update-account';
export * from './lib/account/get-usage';
export * from './lib/account/list-audit-entries';
export * from './lib/account/count-request';
