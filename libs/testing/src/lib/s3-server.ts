import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** A real S3 API server (s3rver) on loopback with a temporary directory, for adapter tests. */
export class S3Server {
  private server?: InstanceType<typeof S3rver>;
  private dir?: string;
  port = 0;

  constructor(private readonly buckets: string[]) {}

  async start(): Promise<this> {
    this.dir = await mkdtemp(join(tmpdir(), 's3rver-'));
    this.server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: this.dir,
      configureBuckets: this.buckets.map((name) => ({ name })),
    });
    this.port = (await this.server.run()).port;
    return this;
  }

  settings(bucket: string) {
    return {
      endpoint: `http://127.0.0.1:${this.port}`,
      region: 'us-east-1',
      bucket,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      pathStyle: true,
    };
  }

  async stop(): Promise<void> {
    await this.server?.close();
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}
