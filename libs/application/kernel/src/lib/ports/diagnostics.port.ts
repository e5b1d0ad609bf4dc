/**
 * Operational warnings for the people who run the service (never shown to API callers): work
 * that failed after the caller's change was committed, such as files left behind in storage.
 * The apps bind it to their structured log.
 */
export abstract class Diagnostics {
  abstract warn(event: string, fields: Record<string, unknown>): void;
}
