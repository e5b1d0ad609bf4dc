export * from './lib/dependency-probe.port';
export * from './lib/readiness';
export * from './lib/runtime-stats.port';
