export * from './lib/ports/dependency-probe.port';
export * from './lib/readiness';
export * from './lib/ports/database-stats.port';
export * from './lib/ports/queue-stats.port';
