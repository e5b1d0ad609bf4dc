import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { pipeline, Readable, Transform } from 'node:stream';
import { crc32 } from 'node:zlib';
import { ZipFile } from 'yazl';
import { type ByteStream } from '@intake/application-files';

/** Node's own require inside a webpack bundle (where `require.resolve` yields a module id). */
declare const __non_webpack_require__: NodeJS.Require | undefined;

type Crc32 = (data: Buffer | string, previous?: number) => number;

/**
 * yazl computes each entry's CRC-32 with `buffer-crc32`, in JavaScript: about 250 MiB/s on our
 * machines, the bottleneck of a 1 GiB download. Node's `zlib.crc32` (native, Node 20.15 and
 * later) gives the same numbers some 15 times faster, so the `unsigned` function of the very
 * module instance yazl loaded is pointed at it (same arguments, same unsigned result). The
 * spec below checks both agree; unzip checks every entry's CRC in the e2e tests.
 */
function useNativeCrc32ForZip(): { replaced: Crc32; native: boolean } {
  const nodeRequire = typeof __non_webpack_require__ === 'function' ? __non_webpack_require__ : require;
  const module = createRequire(nodeRequire.resolve('yazl'))('buffer-crc32') as { unsigned: Crc32 };
  const replaced = module.unsigned;
  if (typeof crc32 !== 'function') return { replaced, native: false };
  module.unsigned = (data, previous) => crc32(data, previous ?? 0);
  return { replaced, native: true };
}
const original = useNativeCrc32ForZip();
/** buffer-crc32's own function, kept for the test that compares the two. */
export const javascriptCrc32: Crc32 = original.replaced;

/** What an entry's bytes turned out to be, once all of them went into the ZIP. */
export interface WrittenEntry {
  path: string;
  size: number;
  sha256: string;
}

export interface ZipEntryOptions {
  /** The size the entry must have (yazl fails the ZIP on a mismatch). */
  size?: number;
  /** Deflate it (the reports); uploads are stored as they are (mostly compressed already, and faster). */
  compress: boolean;
  mtime: Date;
}

/**
 * A ZIP written as it is read (yazl): each entry's source is opened only when the ZIP reaches it,
 * so one source is open at a time, and its bytes are piped with back-pressure (a slow reader
 * slows the reads from storage, nothing is buffered beyond the streams' high-water marks). Every
 * entry's SHA-256 is computed on the way through. `abort()` (the client went away) destroys the
 * open source and the output; a failed source fails the output.
 */
export class ZipStream {
  private readonly zip = new ZipFile();
  private readonly open = new Set<Readable>();
  /** The file chunks that went through, until `release` gives their memory back. */
  private readonly releasable = new WeakSet<Buffer>();
  private failure: Error | null = null;
  /** The ZIP's bytes. */
  readonly output: Readable;

  constructor() {
    this.output = this.zip.outputStream as Readable;
    this.zip.on('error', (error: Error) => this.fail(error));
  }

  /**
   * Adds an entry whose bytes come from `source()`, called when the ZIP reaches it; `written`
   * gets its size and SHA-256 once they are all in.
   */
  add(
    path: string,
    options: ZipEntryOptions,
    source: () => Promise<ByteStream | Buffer>,
    written?: (entry: WrittenEntry) => void,
  ): void {
    const { size, compress, mtime } = options;
    this.zip.addReadStreamLazy(path, { compress, mtime, ...(size === undefined ? {} : { size }) }, (cb) => {
      if (this.failure) return cb(this.failure, Readable.from([]));
      source().then(
        (bytes) => {
          if (this.failure) {
            if (!Buffer.isBuffer(bytes)) toReadable(bytes).destroy();
            return cb(this.failure, Readable.from([]));
          }
          // A Buffer (a report) may be used again; a stream's chunks are read for this ZIP only.
          const input = Buffer.isBuffer(bytes) ? Readable.from([bytes]) : toReadable(bytes);
          cb(null, this.hashed(path, input, !Buffer.isBuffer(bytes), written));
        },
        (error: Error) => cb(error, Readable.from([])),
      );
    });
  }

  /**
   * A chunk of the output has been written out (the socket is done with it). When it is a chunk
   * of a stored file read for this ZIP and owns its memory (as `fs` read streams' chunks do),
   * that memory is given back now (`ArrayBuffer.prototype.transfer(0)` detaches it; Node 21 and
   * later) rather than at V8's next collection: the file bytes pass through a 256 KiB chunk at a
   * time, and V8 lets some 64 MiB of such external memory pile up before it collects, which
   * was the api's whole RSS growth during a 1 GiB download. The chunk reads as empty afterwards.
   */
  release(chunk: unknown): void {
    if (!Buffer.isBuffer(chunk) || !this.releasable.has(chunk)) return;
    this.releasable.delete(chunk);
    const memory = chunk.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
    if (chunk.byteOffset === 0 && chunk.byteLength === memory.byteLength && typeof memory.transfer === 'function') {
      memory.transfer(0);
    }
  }

  /** No more entries: the central directory follows the last one. */
  end(): void {
    this.zip.end();
  }

  /** The client went away: close the open source and the output, read nothing more. */
  abort(): void {
    this.fail(new Error('download aborted'));
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const source of this.open) source.destroy();
    this.open.clear();
    this.output.destroy(error);
  }

  /**
   * The source through a SHA-256 (and a byte count); a source failing fails the ZIP. `owned`: the
   * source's chunks are this ZIP's alone, so `release` may give their memory back once written.
   */
  private hashed(path: string, input: Readable, owned: boolean, written?: (entry: WrittenEntry) => void): Readable {
    const hash = createHash('sha256');
    const releasable = this.releasable;
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        if (owned) releasable.add(chunk);
        done(null, chunk);
      },
      flush(done) {
        written?.({ path, size, sha256: hash.digest('hex') });
        done();
      },
    });
    this.open.add(input);
    pipeline(input, meter, (error) => {
      this.open.delete(input);
      if (error) this.fail(error);
    });
    return meter;
  }
}

const toReadable = (stream: ByteStream): Readable => (stream instanceof Readable ? stream : Readable.from(stream));
