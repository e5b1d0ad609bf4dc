import { Outbox } from '@intake/kernel';
import { asJson, copy, type InMemoryUnitOfWork, Table } from './unit-of-work';

export interface OutboxMessage {
  /** outbox_messages.id: ascending in the order appended. */
  id: number;
  topic: string;
  payload: Record<string, unknown>;
  created_at: Date;
  /** When a relay took it; null until then. */
  published_at: Date | null;
}

/** The outbox in memory: payloads kept as JSON; messages appended in a unit of work vanish with it when it fails. */
export class InMemoryOutbox extends Outbox {
  private readonly table: Table<OutboxMessage>;
  private lastId = 0;

  constructor(uow?: InMemoryUnitOfWork) {
    super();
    this.table = new Table(uow);
  }

  get messages(): readonly OutboxMessage[] {
    return this.table.rows;
  }

  /** The payloads of one topic, oldest first. */
  payloads(topic: string): Array<Record<string, unknown>> {
    return this.table.rows.filter((m) => m.topic === topic).map((m) => m.payload);
  }

  async append(topic: string, payload: Record<string, unknown>, now: Date): Promise<void> {
    this.lastId += 1; // like a sequence: a rolled-back unit leaves a gap
    this.table.rows.push({
      id: this.lastId,
      topic,
      payload: asJson(payload),
      created_at: new Date(now),
      published_at: null,
    });
  }

  /** Messages of a topic not yet relayed, oldest first (copies). */
  unpublished(topic: string, limit = Infinity): OutboxMessage[] {
    return copy(this.table.rows.filter((m) => m.topic === topic && m.published_at === null).slice(0, limit));
  }

  /** Marks messages relayed; returns how many were marked. */
  markPublished(ids: readonly number[], now: Date): number {
    let marked = 0;
    for (const message of this.table.rows) {
      if (ids.includes(message.id)) {
        message.published_at = new Date(now);
        marked += 1;
      }
    }
    return marked;
  }
}
