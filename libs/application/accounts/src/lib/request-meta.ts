import { Actor } from '@intake/domain-accounts';

/** Where a call came from, for the audit log. */
export interface RequestMeta {
  ip: string | null;
  requestId: string | null;
}

export const SYSTEM_ACTOR: Actor = { type: 'user', id: 'system', mode: null };
