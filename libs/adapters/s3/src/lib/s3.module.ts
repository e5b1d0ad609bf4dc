import { DynamicModule, Module } from '@nestjs/common';
import { ObjectStorage, ObjectStorageProbe } from '@intake/application-files';
import { S3ObjectStorage, S3Settings } from './s3.object-storage';

@Module({})
export class S3Module {
  static forRoot(settings: S3Settings): DynamicModule {
    return {
      module: S3Module,
      global: true,
      providers: [
        { provide: ObjectStorage, useValue: new S3ObjectStorage(settings) },
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
