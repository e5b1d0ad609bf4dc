import { DynamicModule, Module } from '@nestjs/common';
import { ObjectStorage, ObjectStorageProbe } from '@intake/application-files';
import { Clock } from '@intake/kernel';
import { FsObjectStorage } from './fs.object-storage';

@Module({})
export class StorageFsModule {
  static forRoot(options: { dir: string; publicBaseUrl: string; signingKey: string }): DynamicModule {
    return {
      module: StorageFsModule,
      global: true,
      providers: [
        {
          provide: ObjectStorage,
          inject: [Clock],
          useFactory: (clock: Clock) => new FsObjectStorage({ ...options, now: () => clock.now() }),
        },
        {
          provide: ObjectStorageProbe,
          inject: [ObjectStorage],
          useFactory: (s: ObjectStorage) => new ObjectStorageProbe(s),
        },
      ],
      exports: [ObjectStorage, ObjectStorageProbe],
    };
  }
}
