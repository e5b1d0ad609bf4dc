import { Outbox } from '@intake/kernel';
import { asJson, type InMemoryUnitOfWork, Table } from './unit-of-work';

export interface OutboxMessage {
  topic: string;
  payload: Record<string, unknown>;
  created_at: Date;
}

/** The outbox in memory: payloads kept as JSON; messages appended in a unit of work vanish with it when it fails. */
export class InMemoryOutbox extends Outbox {
  private readonly table: Table<OutboxMessage>;

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
    this.table.rows.push({ topic, payload: asJson(payload), created_at: new Date(now) });
  }
}
