import { type AccessContext } from '@intake/domain-accounts';
import { type ListFilter, type ListRow } from '../model/records';
import { IntakeStore } from '../ports/intake-store.port';

export interface ListIntakesInput {
  access: AccessContext;
  filter: ListFilter;
  limit: number;
  offset: number;
}

/** GET /v1/intakes: newest first, filters combined, only what the caller may see. */
export class ListIntakes {
  static readonly inject = [IntakeStore] as const;

  constructor(private readonly intakes: IntakeStore) {}

  execute({ access, filter, limit, offset }: ListIntakesInput): Promise<{ rows: ListRow[]; total: number }> {
    return this.intakes.list(access, filter, limit, offset);
  }
}
