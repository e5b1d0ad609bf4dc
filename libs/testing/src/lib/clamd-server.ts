import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The EICAR anti-virus test file: harmless, and detected by every scanner as a test. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/**
 * A real clamd on loopback with a tiny signature database that detects EICAR (no official
 * signatures can be downloaded here). It is a test dependency: when clamd is not installed this
 * throws (`.ci/run` installs Debian's clamav-daemon), it never skips.
 */
export class ClamdServer {
  private process?: ChildProcess;
  private dir?: string;
  port = 0;

  async start(): Promise<this> {
    if (spawnSync('clamd', ['--version']).status !== 0) {
      throw new Error('clamd is not installed: apt-get install -y --no-install-recommends clamav-daemon clamav');
    }
    this.dir = await mkdtemp(join(tmpdir(), 'clamd-'));
    const md5 = createHash('md5').update(EICAR).digest('hex');
    await writeFile(join(this.dir, 'test.hdb'), `${md5}:${EICAR.length}:Eicar-Test-Signature\n`);
    await writeFile(
      join(this.dir, 'test.ndb'),
      `Test.EICAR.Body:0:*:${Buffer.from('EICAR-STANDARD-ANTIVIRUS-TEST-FILE').toString('hex')}\n`,
    );
    this.port = await freePort();
    const conf = join(this.dir, 'clamd.conf');
    await writeFile(
      conf,
      [
        `DatabaseDirectory ${this.dir}`,
        `TCPSocket ${this.port}`,
        'TCPAddr 127.0.0.1',
        'Foreground yes',
        'User root',
        'StreamMaxLength 25M',
        'SelfCheck 0',
        '',
      ].join('\n'),
    );
    const child = spawn('clamd', ['--config-file', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    this.process = child;
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    for (let i = 0; i < 150; i += 1) {
      if (await accepts(this.port)) return this;
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await this.stop();
    throw new Error(`clamd did not start: ${stderr.trim()}`);
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (child && child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}
