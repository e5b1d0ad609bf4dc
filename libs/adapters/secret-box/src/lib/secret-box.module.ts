import { type DynamicModule, Logger, Module } from '@nestjs/common';
import { SecretBox } from '@intake/kernel';
import { AesGcmSecretBox, type SecretKeyring } from './aes-gcm.secret-box';

export interface SecretBoxSettings {
  /** SECRETS_KEY (current) and SECRETS_KEYS (older, for reading). */
  keys: SecretKeyring;
  /**
   * The fixed development key (SECRETS_KEY unset outside production): the processes of one
   * development machine agree, and the start-up log says that secrets are not protected.
   */
  development: boolean;
}

/** Binds the SecretBox port (global) to AES-256-GCM under the deployment's keyring. */
@Module({})
export class SecretBoxModule {
  static forRoot(settings: SecretBoxSettings): DynamicModule {
    return {
      module: SecretBoxModule,
      global: true,
      providers: [
        {
          provide: SecretBox,
          useFactory: () => {
            if (settings.development) {
              new Logger('SecretBox').warn(
                'SECRETS_KEY is not set: secrets are sealed with the fixed development key, which protects nothing. Set SECRETS_KEY (<key id>:<32 random bytes as 64 hex digits or base64>) outside development.',
              );
            }
            return new AesGcmSecretBox(settings.keys);
          },
        },
      ],
      exports: [SecretBox],
    };
  }
}
