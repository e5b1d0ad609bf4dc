import { DynamicModule, Module } from '@nestjs/common';
import { Antivirus } from '@intake/application-storage';
import { ClamdAntivirus, NoAntivirus } from './clamd.antivirus';

export type AntivirusSettings = { driver: 'none' } | { driver: 'clamd'; host: string; port: number };

@Module({})
export class AntivirusModule {
  static forRoot(settings: AntivirusSettings): DynamicModule {
    return {
      module: AntivirusModule,
      global: true,
      providers: [
        {
          provide: Antivirus,
          useValue: settings.driver === 'clamd' ? new ClamdAntivirus(settings) : new NoAntivirus(),
        },
      ],
      exports: [Antivirus],
    };
  }
}
