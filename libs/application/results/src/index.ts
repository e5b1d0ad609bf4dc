// The results context's published interface: collecting what the client sent (results, the
// one-time reveal of secrets, downloads).

// Ports
export * from './lib/ports/item-secrets.port';
export * from './lib/ports/result-cursors.port';
export * from './lib/ports/report-pdf.port';
export * from './lib/ports/result-intakes.port';

// ResultIntakes on the intakes context's store
export * from './lib/stored-result-intakes';

// Secrets: the reveal window, the one-time reveal
export * from './lib/secrets/reveal-window';
export * from './lib/secrets/secret-releases';
export * from './lib/secrets/reveal-secret';
export * from './lib/secrets/purge-expired-secrets';

// Collecting results
export * from './lib/collect/result-files';
export * from './lib/collect/collections';
export * from './lib/collect/collect-results';

// Downloads
export * from './lib/download/download-name';
export * from './lib/download/download-settings';
export * from './lib/download/download-preflight';
export * from './lib/download/zip-entry-names';
export * from './lib/download/evidence-manifest';
export * from './lib/download/report-text';
export * from './lib/download/download-report';
export * from './lib/download/zip-stream';
export * from './lib/download/download-sources';
export * from './lib/download/download-handover';
export * from './lib/download/download-reports';
export * from './lib/download/download-intake';
