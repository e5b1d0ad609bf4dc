import { performance } from 'node:perf_hooks';

/** A request as the watchdog sees it: its method and the route pattern it matched. */
export interface WatchedRequest {
  method: string;
  routeOptions: { url?: string };
}

/** One stall of the event loop. */
export interface EventLoopBlock {
  /** How late the watchdog's timer fired: the loop was busy at least this long. */
  blockedMs: number;
  /**
   * `METHOD /route/:pattern` of every request in flight at some point of the stall, distinct and
   * sorted (the pattern, never the URL: portal slugs and ids stay out of logs). One route: the
   * culprit. Several: one of them. None: the stall was no request's (a job, a timer, GC).
   */
  routes: string[];
}

export interface WatchdogSettings {
  /** A stall of at least this many milliseconds is reported (EVENT_LOOP_BLOCK_WARN_MS). */
  thresholdMs: number;
  /** How often the timer ticks; a stall is measured to within this. */
  intervalMs?: number;
  onBlock(block: EventLoopBlock): void;
}

/** Ticks every 20 ms: about as often as prom-client samples the lag, and 50 cheap wake-ups a second. */
const DEFAULT_INTERVAL_MS = 20;

const routeOf = (request: WatchedRequest) => `${request.method} ${request.routeOptions.url ?? 'unmatched'}`;

/**
 * Watches the event loop for stalls and names the requests that were running when one happened
 * (docs/security.md, "Design notes: security headers, CORS and the event loop"). A timer ticks every `intervalMs`; when it fires
 * `thresholdMs` or more late, the loop was held that long by synchronous work. Requests are only
 * added to and removed from a Set on the way in and out (no async_hooks on the request path); at
 * a stall, every request in flight during it is a suspect, and when there is one, it is the
 * culprit. The timer is unref'd: it never keeps a process alive.
 */
export class EventLoopWatchdog {
  private readonly intervalMs: number;
  private readonly inFlight = new Set<WatchedRequest>();
  /** Requests that ended since the last tick: the stall may have been theirs. */
  private ended: WatchedRequest[] = [];
  private timer: NodeJS.Timeout | undefined;
  private last = 0;

  constructor(private readonly settings: WatchdogSettings) {
    this.intervalMs = settings.intervalMs ?? DEFAULT_INTERVAL_MS;
  }

  start(): void {
    if (this.timer) return;
    this.last = performance.now();
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.inFlight.clear();
    this.ended = [];
  }

  requestStarted(request: WatchedRequest): void {
    this.inFlight.add(request);
  }

  /** Idempotent: a request that ends twice (aborted, then answered) is counted once. */
  requestEnded(request: WatchedRequest): void {
    if (this.inFlight.delete(request)) this.ended.push(request);
  }

  /** Requests in flight now (for tests and leak checks). */
  get inFlightCount(): number {
    return this.inFlight.size;
  }

  private tick(): void {
    const now = performance.now();
    const late = now - this.last - this.intervalMs;
    this.last = now;
    if (late >= this.settings.thresholdMs) {
      const routes = new Set<string>();
      for (const request of this.inFlight) routes.add(routeOf(request));
      for (const request of this.ended) routes.add(routeOf(request));
      this.settings.onBlock({ blockedMs: Math.round(late), routes: [...routes].sort() });
    }
    if (this.ended.length > 0) this.ended = [];
  }
}
