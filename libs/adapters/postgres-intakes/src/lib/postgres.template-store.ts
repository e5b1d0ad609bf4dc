import { Injectable } from '@nestjs/common';
import { TemplateRecord, TemplateStore } from '@intake/application-intakes';
import { isUniqueViolation, Sql } from '@intake/postgres';

@Injectable()
export class PostgresTemplateStore extends TemplateStore {
  constructor(private readonly sql: Sql) {
    super();
  }

  list(accountId: string): Promise<TemplateRecord[]> {
    return this.sql.query<TemplateRecord>(
      `SELECT id, account_id, slug, name, items, settings, created_at FROM templates WHERE account_id = $1 ORDER BY name, slug`,
      [accountId],
    );
  }

  getBySlug(accountId: string, slug: string): Promise<TemplateRecord | undefined> {
    return this.sql.one<TemplateRecord>(
      `SELECT id, account_id, slug, name, items, settings, created_at FROM templates WHERE account_id = $1 AND slug = $2`,
      [accountId, slug],
    );
  }

  async insert(t: TemplateRecord): Promise<boolean> {
    try {
      await this.sql.query('SAVEPOINT insert_template');
      await this.sql.query(
        `INSERT INTO templates (id, account_id, slug, name, items, settings, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [t.id, t.account_id, t.slug, t.name, JSON.stringify(t.items), JSON.stringify(t.settings), t.created_at],
      );
      await this.sql.query('RELEASE SAVEPOINT insert_template');
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.sql.query('ROLLBACK TO SAVEPOINT insert_template');
      return false;
    }
  }
}
