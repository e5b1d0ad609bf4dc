import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ByteStream, type StagedFile, StagingArea } from '@intake/application-files';

/** Stages each upload in a fresh directory under the OS temporary directory, removed on discard. */
export class TempDirStagingArea extends StagingArea {
  constructor(private readonly root: string = tmpdir()) {
    super();
  }

  async stage(body: ByteStream): Promise<StagedFile> {
    const directory = await mkdtemp(join(this.root, 'intake-staging-'));
    const path = join(directory, 'upload');
    const discard = () => rm(directory, { recursive: true, force: true });
    try {
      await pipeline(Readable.from(body), createWriteStream(path));
    } catch (error) {
      await discard();
      throw error;
    }
    return { read: () => createReadStream(path), discard };
  }
}
