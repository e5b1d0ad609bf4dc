import { type Actor, type Mode } from '@intake/domain-kernel';

export interface AuditEntry {
  id: string;
  account_id: string;
  at: Date;
  actor_type: Actor['type'];
  actor_id: string | null;
  actor_mode: Mode | null;
  action: string;
  target_id: string | null;
  ip: string | null;
  request_id: string | null;
  summary: Record<string, unknown>;
}

export interface AuditFilter {
  action?: string;
  actor?: string;
  target?: string;
}

/** Append-only: there is deliberately no way to change or remove an entry. */
export abstract class AuditLog {
  abstract append(entry: AuditEntry): Promise<void>;
  abstract list(
    accountId: string,
    filter: AuditFilter,
    limit: number,
    offset: number,
  ): Promise<{ entries: AuditEntry[]; total: number }>;
}
