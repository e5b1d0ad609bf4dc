import { DynamicModule, Module, Provider, Type } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { DependencyProbe } from '@intake/application-health';
import { ERROR_TRANSLATORS, ErrorTranslator } from './error-envelope';
import { ErrorEnvelopeFilter } from './error.filter';
import { OpenApiController, OpenApiDocumentHolder } from './openapi';
import { ProbesController, READINESS_PROBES } from './probes.controller';
import { Metrics } from './metrics';
import { MetricsController } from './metrics.controller';
import { ShutdownState } from './shutdown';

export interface HttpModuleOptions {
  /** Probe classes provided elsewhere (adapter modules) that /readyz runs. */
  probes: Array<Type<DependencyProbe>>;
  translators?: ErrorTranslator[];
  /** Serve GET /v1/openapi.json (the api only). */
  openApi?: boolean;
  /** Serve GET /metrics on this port (the workers); the api serves it on METRICS_PORT instead. */
  metricsRoute?: boolean;
}

/**
 * HTTP edge shared by the apps: probes, the error-envelope filter, the app's Metrics and
 * ShutdownState, GET /metrics (workers) and (api) the OpenAPI route.
 */
@Module({})
export class HttpModule {
  static forRoot(options: HttpModuleOptions): DynamicModule {
    const providers: Provider[] = [
      { provide: ERROR_TRANSLATORS, useValue: options.translators ?? [] },
      { provide: APP_FILTER, useClass: ErrorEnvelopeFilter },
      {
        provide: READINESS_PROBES,
        inject: options.probes,
        useFactory: (...probes: DependencyProbe[]) => probes,
      },
    ];
    if (options.openApi) providers.push(OpenApiDocumentHolder);
    return {
      module: HttpModule,
      global: true,
      controllers: [
        ProbesController,
        ...(options.openApi ? [OpenApiController] : []),
        ...(options.metricsRoute ? [MetricsController] : []),
      ],
      providers: [...providers, { provide: Metrics, useValue: new Metrics() }, ShutdownState],
      exports: [ERROR_TRANSLATORS, Metrics, ShutdownState, ...(options.openApi ? [OpenApiDocumentHolder] : [])],
    };
  }
}
