import { Clock } from './ports/clock.port';
import { type Actor } from '@intake/domain-kernel';
import { newId } from '@intake/ids';
import { type AuditEntry, AuditLog } from './ports/audit-log.port';
import { type RequestMeta } from './request-meta';

/** Builds audit entries; call inside the unit of work that makes the change it records. */
export class AuditRecorder {
  static readonly inject = [AuditLog, Clock] as const;

  constructor(
    private readonly log: AuditLog,
    private readonly clock: Clock,
  ) {}

  record(
    accountId: string,
    actor: Actor,
    action: string,
    targetId: string | null,
    meta: RequestMeta,
    summary: Record<string, unknown> = {},
  ): Promise<void> {
    const entry: AuditEntry = {
      id: newId('auditEntry'),
      account_id: accountId,
      at: this.clock.now(),
      actor_type: actor.type,
      actor_id: actor.id,
      actor_mode: actor.mode,
      action,
      target_id: targetId,
      ip: meta.ip,
      request_id: meta.requestId,
      summary,
    };
    return this.log.append(entry);
  }
}
