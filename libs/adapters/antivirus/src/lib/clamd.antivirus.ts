import { connect, type Socket } from 'node:net';
import { Antivirus, type ByteStream, type ScanResult } from '@intake/application-files';

export interface ClamdSettings {
  host: string;
  port: number;
  /** A scan that takes longer than this fails (the file then stays pending and is retried). */
  timeoutMs?: number;
}

/** clamd limits one chunk to its StreamMaxLength; we send 64 KiB at a time. */
const CHUNK = 64 * 1024;

/**
 * clamd's INSTREAM protocol: `zINSTREAM\0`, then chunks each prefixed with their 4-byte
 * big-endian length, then a zero-length chunk; clamd answers `stream: OK` or
 * `stream: <signature> FOUND`.
 */
export class ClamdAntivirus extends Antivirus {
  readonly driver = 'clamd' as const;

  constructor(private readonly settings: ClamdSettings) {
    super();
  }

  async scan(content: ByteStream): Promise<ScanResult> {
    const socket = await this.open();
    const answer = this.readAnswer(socket);
    try {
      await write(socket, Buffer.from('zINSTREAM\0'));
      for await (const chunk of content) {
        for (let offset = 0; offset < chunk.byteLength; offset += CHUNK) {
          const part = chunk.subarray(offset, Math.min(offset + CHUNK, chunk.byteLength));
          const length = Buffer.alloc(4);
          length.writeUInt32BE(part.byteLength);
          await write(socket, Buffer.concat([length, part]));
        }
      }
      await write(socket, Buffer.alloc(4));
      return parseAnswer(await answer);
    } finally {
      socket.destroy();
    }
  }

  private open(): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect(this.settings.port, this.settings.host);
      socket.setTimeout(this.settings.timeoutMs ?? 60_000, () =>
        socket.destroy(new Error('clamd did not answer in time')),
      );
      socket.once('connect', () => resolve(socket));
      socket.once('error', reject);
    });
  }

  private readAnswer(socket: Socket): Promise<string> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.once('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.once('error', reject);
    });
  }
}

function write(socket: Socket, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => socket.write(data, (error) => (error ? reject(error) : resolve())));
}

/** `stream: OK`, `stream: Eicar-Signature FOUND`, or an error line (size limit, broken stream). */
export function parseAnswer(answer: string): ScanResult {
  const line = answer.replace(/\0/g, '').trim();
  if (/^stream: OK$/.test(line)) return { clean: true };
  const found = /^stream: (.+) FOUND$/.exec(line);
  if (found?.[1]) return { clean: false, signature: found[1] };
  throw new Error(`clamd could not scan the file: ${line || 'no answer'}`);
}

/** Development only: everything is clean. Start-up refuses it when NODE_ENV=production. */
export class NoAntivirus extends Antivirus {
  readonly driver = 'none' as const;

  async scan(content: ByteStream): Promise<ScanResult> {
    for await (const _chunk of content) {
      // consume the stream, as a real scan would
    }
    return { clean: true };
  }
}
