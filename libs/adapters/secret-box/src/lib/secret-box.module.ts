import { type DynamicModule, Logger, Module } from '@nestjs/common';
import { SecretBox } from '@intake/kernel';
import { AesGcmSecretBox } from './aes-gcm-secret-box';

export interface SecretBoxSettings {
  /** 32 bytes (ENCRYPTION_KEY). */
  key: Buffer;
  /**
   * The fixed development key (ENCRYPTION_KEY unset outside production): the processes of one
   * development machine agree, and the start-up log says that secrets are not protected.
   */
  development: boolean;
}

/** Binds the SecretBox port (global) to AES-256-GCM under the deployment's key. */
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
                'ENCRYPTION_KEY is not set: secrets are sealed with the fixed development key, which protects nothing. Set ENCRYPTION_KEY (32 random bytes, as 64 hex digits or base64) outside development.',
              );
            }
            return new AesGcmSecretBox(settings.key);
          },
        },
      ],
      exports: [SecretBox],
    };
  }
}
