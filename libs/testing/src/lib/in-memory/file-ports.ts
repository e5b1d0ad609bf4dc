import { Readable } from 'node:stream';
import {
  Antivirus,
  type ByteStream,
  limitBytes,
  ObjectStorage,
  type PutOptions,
  ScanQueue,
  type ScanResult,
  type SignedUrlOptions,
  type StagedFile,
  StagingArea,
  assertObjectKey,
  assertObjectPrefix,
} from '@intake/application-files';

async function bytesOf(stream: ByteStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Object storage in memory, with the adapters' rules: keys checked on every operation, streamed limits, nothing left of a refused put. */
export class InMemoryObjectStorage extends ObjectStorage {
  readonly driver = 'memory' as const;
  readonly objects = new Map<string, { bytes: Buffer; contentType?: string }>();
  /** Set to make every operation fail as an unreachable store would. */
  failing = false;

  async put(key: string, body: ByteStream, options: PutOptions): Promise<{ size: number }> {
    assertObjectKey(key);
    this.assertUp();
    const bytes = await bytesOf(limitBytes(body, options.maxBytes, { bytes: 0 }));
    this.objects.set(key, { bytes, contentType: options.contentType });
    return { size: bytes.length };
  }

  async get(key: string): Promise<ByteStream> {
    assertObjectKey(key);
    this.assertUp();
    const object = this.objects.get(key);
    if (!object) throw new Error(`no object ${key}`);
    return Readable.from([Buffer.from(object.bytes)]);
  }

  async stat(key: string): Promise<{ size: number } | undefined> {
    assertObjectKey(key);
    this.assertUp();
    const object = this.objects.get(key);
    return object && { size: object.bytes.length };
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    this.assertUp();
    this.objects.delete(key);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertObjectPrefix(prefix);
    this.assertUp();
    for (const key of [...this.objects.keys()]) if (key.startsWith(prefix)) this.objects.delete(key);
  }

  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    assertObjectKey(key);
    this.assertUp();
    const expires = options.expiresInSeconds ?? 24 * 3600;
    return `memory://${key}?filename=${encodeURIComponent(options.filename)}&expires_in=${expires}`;
  }

  async check(): Promise<void> {
    this.assertUp();
  }

  private assertUp(): void {
    if (this.failing) throw new Error('object storage unreachable');
  }
}

/** What the tests' clamd (ClamdServer's test.ndb) looks for, anywhere in a file, and the name it reports. */
const EICAR_BODY = 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE';
const EICAR_SIGNATURE = 'Test.EICAR.Body.UNOFFICIAL';

/**
 * An antivirus in memory that finds the EICAR test file (its body, anywhere in the content) as the
 * tests' clamd does, with the same signature. It behaves as the driver it is given: `clamd`
 * (uploads wait for a scan) or `none` (uploads count as clean, and a scan finds nothing, as
 * NoAntivirus does).
 */
export class InMemoryAntivirus extends Antivirus {
  /** Set to make scans fail as an unreachable clamd would. */
  failing = false;
  scans = 0;

  constructor(readonly driver: 'clamd' | 'none' = 'clamd') {
    super();
  }

  async scan(content: ByteStream): Promise<ScanResult> {
    const bytes = await bytesOf(content);
    if (this.failing) throw new Error('clamd unreachable');
    this.scans += 1;
    // The `none` driver (NoAntivirus) calls everything clean.
    if (this.driver === 'none') return { clean: true };
    return bytes.includes(EICAR_BODY) ? { clean: false, signature: EICAR_SIGNATURE } : { clean: true };
  }
}

/** The scans queue in memory: what was queued, once per file at a time, as job ids make it. */
export class InMemoryScanQueue extends ScanQueue {
  readonly queued: string[] = [];
  failing = false;

  async enqueue(fileId: string): Promise<void> {
    if (this.failing) throw new Error('queue unreachable');
    if (!this.queued.includes(fileId)) this.queued.push(fileId);
  }
}

/** Staging in memory: the bytes are kept until discarded, and cannot be read after that. */
export class InMemoryStagingArea extends StagingArea {
  /** Staged files not discarded yet. */
  readonly held = new Set<Buffer>();

  async stage(body: ByteStream): Promise<StagedFile> {
    const bytes = await bytesOf(body);
    this.held.add(bytes);
    const held = this.held;
    return {
      read: async function* () {
        if (!held.has(bytes)) throw new Error('the staged file was discarded');
        yield Buffer.from(bytes);
      },
      discard: async () => void this.held.delete(bytes),
    };
  }
}
