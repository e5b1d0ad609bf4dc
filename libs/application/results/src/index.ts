// The results context's published interface: collecting what the client sent (results, the
// one-time reveal of secrets, downloads).

// Ports
export * from './lib/ports/item-secrets.port';

// Secrets: the reveal window, the one-time reveal
export * from './lib/secrets/reveal-window';
export * from './lib/secrets/reveal-secret';
export * from './lib/secrets/purge-expired-secrets';
