import { AsyncLocalStorage } from 'node:async_hooks';
import { UnitOfWork } from '@intake/kernel';

/** An in-memory store's state, as a unit of work saves and restores it. */
export interface Transactional {
  snapshot(): unknown;
  restore(snapshot: unknown): void;
}

const inside = new AsyncLocalStorage<true>();

/**
 * The unit of work over in-memory stores, with the Postgres one's guarantees: a unit's writes all
 * stay when it succeeds and are all undone when it throws; a nested run joins the outer one; and
 * units run one at a time (the in-memory stand-in for row locks), so a unit never sees another's
 * half-done work. Stores take part by registering themselves (`enlist`).
 */
export class InMemoryUnitOfWork extends UnitOfWork {
  private readonly participants: Transactional[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  enlist(participant: Transactional): void {
    this.participants.push(participant);
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    if (inside.getStore()) return work();
    const next = this.queue.then(() => this.transaction(work));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async transaction<T>(work: () => Promise<T>): Promise<T> {
    const snapshots = this.participants.map((p) => p.snapshot());
    try {
      return await inside.run(true, work);
    } catch (error) {
      this.participants.forEach((p, i) => p.restore(snapshots[i]));
      throw error;
    }
  }
}

/** Rows of one kind, enlisted in a unit of work: the building block of the in-memory stores. */
export class Table<Row> implements Transactional {
  rows: Row[] = [];

  constructor(uow?: InMemoryUnitOfWork) {
    uow?.enlist(this);
  }

  snapshot(): unknown {
    return this.rows.map((row) => copy(row));
  }

  restore(snapshot: unknown): void {
    this.rows = snapshot as Row[];
  }
}

/**
 * A deep copy of a record (plain objects, arrays, Dates, Buffers), so that what a store hands out
 * or takes in never aliases its rows: a caller changing a returned record changes nothing stored,
 * as with a database.
 */
export function copy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (Buffer.isBuffer(value)) return Buffer.from(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => copy(v)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = copy(v);
  return out as T;
}

/** A value as a JSON column gives it back: instants as ISO text, undefined fields dropped, no shared references. */
export function asJson<T extends Record<string, unknown>>(value: T): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}
