import { DynamicModule, Module } from '@nestjs/common';
import { ObjectStorage, ObjectStorageProbe } from '@intake/application-storage';
import { FsObjectStorage } from './fs-object-storage';

@Module({})
export class StorageFsModule {
  static forRoot(options: { dir: string }): DynamicModule {
    return {
      module: StorageFsModule,
      global: true,
      providers: [
        { provide: ObjectStorage, useValue: new FsObjectStorage(options.dir) },
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
