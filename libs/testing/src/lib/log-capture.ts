import { Writable } from 'node:stream';

/** A writable stream that collects pino's JSON lines, for assertions on what was logged. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.lines.push(line);
    callback();
  }

  /** Every line parsed as JSON. */
  records(): Array<Record<string, unknown>> {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  text(): string {
    return this.lines.join('\n');
  }
}
