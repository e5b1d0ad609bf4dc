import { DependencyProbe } from '@intake/application-health';
import { type ObjectStorage } from './object-storage.port';

/** Readiness of whichever object storage adapter is bound. */
export class ObjectStorageProbe extends DependencyProbe {
  readonly dependency = 'object_storage' as const;
  constructor(private readonly storage: ObjectStorage) {
    super();
  }
  check(): Promise<void> {
    return this.storage.check();
  }
}
