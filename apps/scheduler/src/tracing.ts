import { startTracing } from '@intake/tracing';

/** Imported first by main.ts: instrumentation must be in place before the modules it patches load. */
export const tracing = startTracing({
  service: 'intake-scheduler',
  endpoint: process.env['OTEL_EXPORTER_OTLP_ENDPOINT'],
});
