import { DynamicModule, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { MailTransport, MailTransportProbe } from '@intake/application-mail';
import { createMailTransport, MailSettings, SmtpMailTransport } from './nodemailer.mail-transport';

/**
 * Closes the SMTP connection pool when the app shuts down (after the workers have finished their
 * jobs, which close before application shutdown), so the server sees a QUIT rather than idle
 * connections that keep it waiting.
 */
@Injectable()
export class MailTransportCloser implements OnApplicationShutdown {
  constructor(@Inject(MailTransport) private readonly transport: MailTransport) {}

  onApplicationShutdown(): void {
    if (this.transport instanceof SmtpMailTransport) this.transport.close();
  }
}

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
        MailTransportCloser,
      ],
      exports: [MailTransport, MailTransportProbe],
    };
  }
}
