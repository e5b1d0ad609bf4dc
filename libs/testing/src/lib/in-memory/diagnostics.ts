import { Diagnostics } from '@intake/kernel';

/** Diagnostics kept in a list, for tests to read. */
export class RecordedDiagnostics extends Diagnostics {
  readonly warnings: Array<{ event: string; fields: Record<string, unknown> }> = [];

  warn(event: string, fields: Record<string, unknown>): void {
    this.warnings.push({ event, fields });
  }
}
