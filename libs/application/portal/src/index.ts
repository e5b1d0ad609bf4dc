// Ports (StoredPortalIntakes implements PortalIntakes on the intakes context's store)
export * from './lib/ports/portal-intakes.port';
export * from './lib/stored-portal-intakes';

// Use cases and their helpers
export * from './lib/portal-link';
export * from './lib/client-view';
export * from './lib/client-change';
export * from './lib/view-portal';
export * from './lib/submit-item-value';
export * from './lib/propose-waiver';
export * from './lib/set-item-note';
export * from './lib/set-intake-note';
export * from './lib/portal-guessing';
export * from './lib/portal-branding';
