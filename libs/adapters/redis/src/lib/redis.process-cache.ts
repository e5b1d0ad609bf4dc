import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { ProcessCache } from '@intake/kernel';
import { REDIS, REDIS_SETTINGS, RedisSettings } from './redis.tokens';

/** How long an entry lives at most, and how many a process keeps. */
export const PROCESS_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;
/** The subscriber is pinged this often; silent for longer than DEAF_AFTER_MS, the cache empties and stops. */
const HEARTBEAT_MS = 200;
const DEAF_AFTER_MS = 600;

interface Entry {
  value: unknown;
  tags: readonly string[];
  expiresAt: number;
}

/**
 * ProcessCache over Redis pub/sub: an invalidation is published on `<prefix>:cache:invalidate`
 * after the change it announces has committed, and every process's subscriber drops the entries
 * tagged with it. A process caches only while it knows it hears the channel: its subscriber is
 * subscribed and answered a PING in the last DEAF_AFTER_MS; on a lost connection, a silent one, or
 * Redis down, it empties the cache and reads through until it hears again. So a revoked key is
 * refused by every process within about a second, or at once where Redis is down (nothing cached).
 * A read that raced an invalidation (took its ticket before it) is not remembered.
 */
@Injectable()
export class RedisProcessCache extends ProcessCache implements OnApplicationShutdown {
  private readonly logger = new Logger('ProcessCache');
  private readonly entries = new Map<string, Entry>();
  private readonly channel: string;
  private readonly subscriber: Redis;
  private readonly heartbeat: NodeJS.Timeout;
  private generation = 0;
  private subscribed = false;
  private lastHeard = 0;
  private pinging = false;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_SETTINGS) settings: RedisSettings,
  ) {
    super();
    this.channel = `${settings.prefix}:cache:invalidate`;
    this.subscriber = redis.duplicate({ connectionName: 'intake-cache', enableAutoPipelining: false });
    this.subscriber.on('message', (_channel: string, tag: string) => {
      this.lastHeard = Date.now();
      this.drop((entry) => entry.tags.includes(tag));
    });
    this.subscriber.on('ready', () => {
      this.subscriber.subscribe(this.channel).then(
        () => {
          this.drop(() => true); // what was published while we were away is unknown
          this.subscribed = true;
          this.lastHeard = Date.now();
        },
        () => undefined, // the connection went again; the next ready retries
      );
    });
    for (const event of ['close', 'end', 'reconnecting', 'error']) {
      this.subscriber.on(event, () => {
        this.subscribed = false;
        this.drop(() => true);
      });
    }
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS).unref();
  }

  get<T>(key: string): T | undefined {
    if (!this.hearing()) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value as T;
  }

  ticket(): number {
    return this.generation;
  }

  remember(key: string, tags: readonly string[], value: unknown, ticket: number): void {
    if (ticket !== this.generation || !this.hearing()) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, tags, expiresAt: Date.now() + PROCESS_CACHE_TTL_MS });
  }

  async invalidate(tag: string): Promise<void> {
    this.drop((entry) => entry.tags.includes(tag));
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.redis.publish(this.channel, tag);
        return;
      } catch (error) {
        // A process that does not hear the channel caches nothing, so a lost publish is only a
        // risk while Redis serves the subscribers but not us: logged, not thrown after the commit.
        if (attempt >= 2) {
          this.logger.error(`could not publish the invalidation of ${tag}: ${String(error)}`);
          return;
        }
      }
    }
  }

  onApplicationShutdown(): void {
    clearInterval(this.heartbeat);
    this.subscriber.disconnect();
  }

  private hearing(): boolean {
    if (this.subscribed && Date.now() - this.lastHeard <= DEAF_AFTER_MS) return true;
    if (this.entries.size > 0) this.drop(() => true);
    return false;
  }

  private beat(): void {
    this.hearing(); // empties the cache once the subscriber has been silent too long
    if (!this.subscribed || this.pinging) return;
    this.pinging = true;
    this.subscriber.ping().then(
      () => {
        this.pinging = false;
        this.lastHeard = Date.now();
      },
      () => {
        this.pinging = false;
      },
    );
  }

  private drop(which: (entry: Entry) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (which(entry)) this.entries.delete(key);
  }
}
