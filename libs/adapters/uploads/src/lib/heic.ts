import { Worker } from 'node:worker_threads';
import { DomainError } from '@intake/errors';

/**
 * The decoder (libheif compiled to JavaScript) runs in a worker thread: decoding a 12-megapixel
 * photo takes a second or more, which must not stall the api's event loop. The worker is plain
 * CommonJS evaluated from a string, so it works the same from the webpack bundle and under Jest.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const convert = require(workerData.module);
convert({ buffer: Buffer.from(workerData.input), format: 'JPEG', quality: 0.92 }).then(
  (output) => {
    const bytes = new Uint8Array(output);
    parentPort.postMessage({ bytes }, [bytes.buffer]);
  },
  (error) => parentPort.postMessage({ error: String((error && error.message) || error) }),
);
`;

/** Conversions at once; the rest wait (each holds a decoded photo in memory). */
const CONCURRENCY = 2;
let running = 0;
const waiting: Array<() => void> = [];

/** Node's own require inside a webpack bundle (where `require.resolve` yields a module id). */
declare const __non_webpack_require__: NodeJS.Require | undefined;

/**
 * The path the worker requires. Naming the package in `require.resolve` makes the bundler record
 * it as the app's dependency; the decoder (8 MB of JavaScript) is loaded only in the worker.
 */
function heicModule(): string {
  return typeof __non_webpack_require__ === 'function'
    ? __non_webpack_require__.resolve('heic-convert')
    : require.resolve('heic-convert');
}

export const notConvertible = () =>
  new DomainError('unprocessable', 'The HEIC/HEIF photo could not be converted to JPEG.', {
    reason: 'file.unreadable',
    details: [{ path: 'file', message: 'is a HEIC/HEIF image that could not be decoded' }],
  });

/** HEIC/HEIF → JPEG (quality 0.92), in a worker thread. */
export async function heicToJpeg(input: Uint8Array): Promise<Uint8Array> {
  if (running >= CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await new Promise<Uint8Array>((resolve, reject) => {
      const copy = new Uint8Array(input);
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { module: heicModule(), input: copy },
        transferList: [copy.buffer],
        resourceLimits: { maxOldGenerationSizeMb: 1024 },
      });
      worker.once('message', (message: { bytes?: Uint8Array; error?: string }) => {
        void worker.terminate();
        if (message.bytes) resolve(message.bytes);
        else reject(notConvertible());
      });
      worker.once('error', () => reject(notConvertible()));
      worker.once('exit', (code) => code !== 0 && reject(notConvertible()));
    });
  } finally {
    running--;
    waiting.shift()?.();
  }
}
