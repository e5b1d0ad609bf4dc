/** One attempt as the dispatcher's log tells it: no secret, no signature, no URL (a chat URL's path is a credential). */
export interface AttemptLogEntry {
  delivery_id: string;
  endpoint_id: string;
  account_id: string;
  event: string;
  /** This attempt's number (1 for the first). */
  attempt: number;
  status: 'pending' | 'delivered' | 'failed';
  response_code: number | null;
  error: string | null;
  duration_ms: number;
  /** The trace the event began in (its stored W3C traceparent's trace id), when tracing was on. */
  trace_id?: string;
}

/** The dispatcher's operational log (the app binds it to its structured log). */
export abstract class DispatchLog {
  /** Every attempt, and every delivery settled without one. */
  abstract attempt(entry: AttemptLogEntry): void;
  /** A step failed (the database or Redis away): the dispatcher waits and tries again. */
  abstract trouble(step: DispatchStep, error: unknown): void;
  /** A step works again after trouble. */
  abstract recovered(step: DispatchStep): void;
}

/** clock: syncing the test clock (Redis); sign: opening an endpoint's secret (SECRETS_KEY). */
export type DispatchStep = 'clock' | 'relay' | 'claim' | 'sign' | 'record';
