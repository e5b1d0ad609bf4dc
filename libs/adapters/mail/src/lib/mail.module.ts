import { DynamicModule, Module } from '@nestjs/common';
import { MailTransport, MailTransportProbe } from '@intake/application-mail';
import { createMailTransport, MailSettings } from './nodemailer.mail-transport';

@Module({})
export class MailModule {
  static forRoot(settings: MailSettings): DynamicModule {
    return {
      module: MailModule,
      global: true,
      providers: [
        {
          provide: MailTransport,
          useFactory: () => createMailTransport(settings),
        },
        {
          provide: MailTransportProbe,
          inject: [MailTransport],
          useFactory: (t: MailTransport) => new MailTransportProbe(t),
        },
      ],
      exports: [MailTransport, MailTransportProbe],
    };
  }
}
