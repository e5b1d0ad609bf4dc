import { type SmsTransport } from '@intake/application-sms';
import { DisabledSmsTransport } from './disabled.sms-transport';
import { OutboxDirSmsTransport } from './outbox-dir.sms-transport';
import { type TwilioSettings, TwilioSmsTransport } from './twilio.sms-transport';

/** Which driver to bind and its settings (the apps pass AppConfig's `sms`, already validated). */
export type SmsSettings =
  | { driver: 'none' }
  | { driver: 'outbox-dir'; outboxDir: string }
  | ({ driver: 'twilio' } & TwilioSettings);

export function createSmsTransport(settings: SmsSettings): SmsTransport {
  switch (settings.driver) {
    case 'twilio':
      return new TwilioSmsTransport(settings);
    case 'outbox-dir':
      return new OutboxDirSmsTransport(settings.outboxDir);
    case 'none':
      return new DisabledSmsTransport();
  }
}
