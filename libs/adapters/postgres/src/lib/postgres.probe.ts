import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DependencyProbe } from '@intake/application-health';

@Injectable()
export class PostgresProbe extends DependencyProbe {
  readonly dependency = 'database' as const;

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async check(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }
}
