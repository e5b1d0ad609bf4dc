import { type ByteStream } from './object-storage.port';

export type ScanResult = { clean: true } | { clean: false; signature: string };

/**
 * Scans file content. Adapters: clamd (INSTREAM over TCP) and `none` for development, which
 * marks everything clean and which start-up refuses in production.
 */
export abstract class Antivirus {
  abstract readonly driver: 'clamd' | 'none';
  abstract scan(content: ByteStream): Promise<ScanResult>;
}
