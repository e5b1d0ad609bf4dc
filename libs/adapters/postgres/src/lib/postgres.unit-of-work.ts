import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { UnitOfWork } from '@intake/kernel';

const transaction = new AsyncLocalStorage<EntityManager>();

/** Runs work in one transaction; stores reach it through `Sql`, so they need no extra parameter. */
@Injectable()
export class PostgresUnitOfWork extends UnitOfWork {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    if (transaction.getStore()) return work(); // already inside one: join it
    return this.dataSource.transaction((manager) => transaction.run(manager, work));
  }
}

/** SQL access for stores: inside a unit of work its transaction, otherwise the pool. */
@Injectable()
export class Sql {
  constructor(private readonly dataSource: DataSource) {}

  /** Whether statements run inside a unit of work (its transaction) rather than on the pool. */
  get inTransaction(): boolean {
    return transaction.getStore() !== undefined;
  }

  /**
   * The rows of a statement (for UPDATE/DELETE: the RETURNING rows). Inside a unit of work it runs
   * on the transaction's connection; otherwise straight on the driver's pg pool, which is the
   * short path for the hot reads (a TypeORM query runner per statement costs a third of the time).
   */
  async query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    const runner = transaction.getStore()?.queryRunner;
    if (runner) return (await runner.query(text, params, true)).records as T[];
    return (await (this.dataSource.driver as PostgresDriver).master.query(text, params)).rows as T[];
  }

  async one<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T | undefined> {
    return (await this.query<T>(text, params))[0];
  }
}

/** SQLSTATE 23505: a unique constraint said no. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  return e?.code === '23505' || e?.driverError?.code === '23505';
}
