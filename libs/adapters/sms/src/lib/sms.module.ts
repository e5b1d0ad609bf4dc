import { DynamicModule, Module } from '@nestjs/common';
import { SmsTransport, SmsTransportProbe } from '@intake/application-sms';
import { createSmsTransport, type SmsSettings } from './sms-settings';

/** Binds the SmsTransport port to the configured driver, and its readiness probe. */
@Module({})
export class SmsModule {
  static forRoot(settings: SmsSettings): DynamicModule {
    return {
      module: SmsModule,
      global: true,
      providers: [
        {
          provide: SmsTransport,
          useFactory: () => createSmsTransport(settings),
        },
        {
          provide: SmsTransportProbe,
          inject: [SmsTransport],
          useFactory: (t: SmsTransport) => new SmsTransportProbe(t),
        },
      ],
      exports: [SmsTransport, SmsTransportProbe],
    };
  }
}
