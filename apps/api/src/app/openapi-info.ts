import { type AppConfig } from '@intake/config';
import { type OpenApiInfo } from '@intake/http';

export function openApiInfo(config: AppConfig): OpenApiInfo {
  return {
    title: 'Intake Collection Service API',
    version: '1.0.0',
    description:
      'Ask a client for a list of items, send a portal link, chase until everything is in, review and collect the results. ' +
      'Errors use one envelope: `error`, `message`, `request_id`, and where they apply `reason`, `params`, `details[{path, message}]`.',
    serverUrl: config.publicBaseUrl,
  };
}
