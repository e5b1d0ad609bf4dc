import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ObjectStorage } from '@intake/application-storage';

/** Object storage in a local directory: the development default. */
export class FsObjectStorage extends ObjectStorage {
  readonly driver = 'fs' as const;
  readonly root: string;

  constructor(dir: string) {
    super();
    this.root = resolve(dir);
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.R_OK | constants.W_OK);
    // Prove a write really succeeds (a read-only or full disk passes access()).
    const probe = join(this.root, `.probe-${randomUUID()}`);
    await writeFile(probe, 'ok');
    await rm(probe, { force: true });
  }
}
