// The results context's published interface: collecting what the client sent (results, the
// one-time reveal of secrets, downloads).

// Ports
export * from './lib/ports/item-secrets.port';
