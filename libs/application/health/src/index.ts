export * from './lib/dependency-probe.port';
export * from './lib/readiness';
