import { DynamicModule, Module, Provider, Type } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { DependencyProbe } from '@intake/application-health';
import { ERROR_TRANSLATORS, ErrorTranslator } from './error-envelope';
import { ErrorEnvelopeFilter } from './error.filter';
import { OpenApiController, OpenApiDocumentHolder } from './openapi';
import { ProbesController, READINESS_PROBES } from './probes.controller';

export interface HttpModuleOptions {
  /** Probe classes provided elsewhere (adapter modules) that /readyz runs. */
  probes: Array<Type<DependencyProbe>>;
  translators?: ErrorTranslator[];
  /** Serve GET /v1/openapi.json (the api only). */
  openApi?: boolean;
}

/** HTTP edge shared by the apps: probes, the error-envelope filter and (api) the OpenAPI route. */
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
      controllers: options.openApi ? [ProbesController, OpenApiController] : [ProbesController],
      providers,
      exports: [ERROR_TRANSLATORS, ...(options.openApi ? [OpenApiDocumentHolder] : [])],
    };
  }
}
