/**
 * Values a process keeps in memory between requests (an API key read by its token), which every
 * process drops within a second when any one of them calls `invalidate` (a revocation): the
 * invalidation is broadcast, and while a process cannot be sure it hears the broadcast it caches
 * nothing. Entries also expire on their own after a while (adapter's TTL).
 */
export abstract class ProcessCache {
  /** The value remembered under `key`, or undefined (never cached, expired, invalidated, or the broadcast unheard). */
  abstract get<T>(key: string): T | undefined;
  /** To take before reading what will be remembered: an invalidation after it voids the `remember`. */
  abstract ticket(): number;
  /** Remembers `value` under `key`, dropped by an invalidation of any of `tags`; ignored if one came since `ticket`. */
  abstract remember(key: string, tags: readonly string[], value: unknown, ticket: number): void;
  /** Drops every entry tagged `tag`: here at once, in every other process within a second. */
  abstract invalidate(tag: string): Promise<void>;
}
