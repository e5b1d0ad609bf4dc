/**
 * Requests at a fixed rate, open loop: request i is due at start + i / rate, whatever happened to
 * the ones before it, and its latency is measured from that due time (so a stalled server is not
 * hidden by the generator waiting for it: no coordinated omission).
 *
 * Why not autocannon's `overallRate`: autocannon gives each connection a budget per second and
 * fires it back to back as soon as the second starts, then idles until the next one. At half the
 * saturation rate that is saturation for half of each second, and the latencies it reports are
 * those of a saturated server (a quiet run at 462 requests/s showed p50 37 ms for a 1 ms request).
 */
import { build } from 'hdr-histogram-js';
import { Pool } from 'undici';
import { type LoadRoundResult } from './common';

export interface OpenLoopRound {
  /** `http://host:port`. */
  origin: string;
  rate: number;
  seconds: number;
  /** The most connections the pool opens (requests queue on them when all are busy). */
  connections: number;
  headers?: Record<string, string>;
  /** The n-th request (from 0), with headers of its own on top of `headers`. */
  request: (n: number) => OpenLoopRequest;
  /** How long answers still in flight at the end are awaited before they count as errors. */
  drainMs?: number;
  /**
   * Told the outcome of every request (the crash drills record each one): its answer, with the
   * body when the request asked for it (`read`), or the error; latency from its due time.
   */
  onOutcome?: (n: number, outcome: OpenLoopOutcome) => void;
  /** Longest wait for an answer's headers or body, per request (undici's default is 5 minutes). */
  timeoutMs?: number;
}

export interface OpenLoopRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  /** Keep the answer's body for `onOutcome` (otherwise it is dumped unread). */
  read?: boolean;
}

export type OpenLoopOutcome =
  | { ms: number; status: number; headers: Record<string, string | string[] | undefined>; body?: string }
  | { ms: number; error: string };

/** A round's figures (latencies in milliseconds from each request's due time), and the longest. */
export interface OpenLoopResult extends LoadRoundResult {
  max: number;
}

export async function openLoop(round: OpenLoopRound): Promise<OpenLoopResult> {
  const timeouts = round.timeoutMs ? { headersTimeout: round.timeoutMs, bodyTimeout: round.timeoutMs } : {};
  const pool = new Pool(round.origin, { connections: round.connections, pipelining: 1, ...timeouts });
  // Microseconds, 1 µs to 10 minutes, 3 significant digits.
  const latencies = build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 600_000_000,
    numberOfSignificantValueDigits: 3,
  });
  const intervalNs = 1e9 / round.rate;
  const start = process.hrtime.bigint();
  const endNs = round.seconds * 1e9;
  let sent = 0;
  let answered = 0;
  let non2xx = 0;
  let errors = 0;
  const inFlight = new Set<Promise<void>>();
  /** Set once the round is over: answers after that are not counted (they were counted as errors). */
  let closed = false;

  const send = (n: number, dueNs: number) => {
    const { method, path, body, headers, read } = round.request(n);
    const due = start + BigInt(Math.round(dueNs));
    const sinceDue = () => Number(process.hrtime.bigint() - due) / 1000;
    const done = pool
      .request({
        origin: round.origin,
        method,
        path,
        headers: { ...round.headers, ...headers },
        ...(body === undefined ? {} : { body }),
      })
      .then(async ({ statusCode, headers: answerHeaders, body: answer }) => {
        const text = read ? await answer.text() : (await answer.dump({ limit: Number.MAX_SAFE_INTEGER }), undefined);
        if (closed) return;
        const micros = sinceDue();
        latencies.recordValue(Math.max(1, Math.round(micros)));
        answered++;
        if (statusCode < 200 || statusCode > 299) non2xx++;
        round.onOutcome?.(n, { ms: micros / 1000, status: statusCode, headers: answerHeaders, body: text });
      })
      .catch((error: unknown) => {
        if (closed) return;
        errors++;
        round.onOutcome?.(n, { ms: sinceDue() / 1000, error: (error as Error)?.message ?? String(error) });
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };

  // A 1 ms timer sends what has come due (a busy loop would take a core from the servers).
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = Number(process.hrtime.bigint() - start);
      for (let due = sent * intervalNs; due <= elapsed && due < endNs; due = sent * intervalNs) send(sent++, due);
      if (sent * intervalNs >= endNs) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  const drained = Promise.all([...inFlight]);
  const late = await Promise.race([
    drained.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), round.drainMs ?? 10_000).unref()),
  ]);
  closed = true;
  if (late) errors += inFlight.size;
  await pool.destroy();
  const ms = (micros: number) => Math.round(micros / 10) / 100;
  return {
    requests: answered,
    sent,
    requestsPerSecond: Math.round(answered / round.seconds),
    p50: ms(latencies.getValueAtPercentile(50)),
    p99: ms(latencies.getValueAtPercentile(99)),
    p999: ms(latencies.getValueAtPercentile(99.9)),
    max: ms(latencies.maxValue),
    non2xx,
    errors,
  };
}
