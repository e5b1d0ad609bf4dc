import { Client } from 'minio';
import { ObjectStorage } from '@intake/application-storage';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  pathStyle: boolean;
}

/** Object storage on S3 or any S3-compatible server, through the minio client. */
export class S3ObjectStorage extends ObjectStorage {
  readonly driver = 's3' as const;
  readonly client: Client;

  constructor(private readonly settings: S3Settings) {
    super();
    const url = new URL(settings.endpoint);
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      useSSL: url.protocol === 'https:',
      accessKey: settings.accessKey,
      secretKey: settings.secretKey,
      region: settings.region,
      pathStyle: settings.pathStyle,
    });
  }

  async check(): Promise<void> {
    const exists = await this.client.bucketExists(this.settings.bucket);
    if (!exists) throw new Error(`bucket ${this.settings.bucket} does not exist`);
  }
}
