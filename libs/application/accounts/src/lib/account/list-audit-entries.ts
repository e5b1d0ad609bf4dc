import { type AuditEntry, type AuditFilter, AuditLog } from '@intake/kernel';

export interface ListAuditEntriesInput {
  accountId: string;
  filter: AuditFilter;
  limit: number;
  offset: number;
}

/** GET /v1/audit: the account's audit log, newest first, filtered by action, actor and target. */
export class ListAuditEntries {
  static readonly inject = [AuditLog] as const;

  constructor(private readonly log: AuditLog) {}

  execute({
    accountId,
    filter,
    limit,
    offset,
  }: ListAuditEntriesInput): Promise<{ entries: AuditEntry[]; total: number }> {
    return this.log.list(accountId, filter, limit, offset);
  }
}
