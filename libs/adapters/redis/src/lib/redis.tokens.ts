export interface RedisSettings {
  url: string;
  /** Prefix of every key we write (`<prefix>:...`). */
  prefix: string;
}

/** Token of the shared ioredis client for commands (not for BullMQ, which needs its own). */
export const REDIS = Symbol('REDIS');
export const REDIS_SETTINGS = Symbol('REDIS_SETTINGS');
