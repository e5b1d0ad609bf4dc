import { type Actor, type Mode } from '@intake/domain-kernel';

/** API key scopes (docs/contract.md "Authentication"); `admin` includes all others. */
export const SCOPES = ['admin', 'intakes:read', 'intakes:write', 'secrets:read'] as const;
export type Scope = (typeof SCOPES)[number];

export const ROLES = ['owner', 'member'] as const;
export type Role = (typeof ROLES)[number];

export function hasScope(granted: readonly Scope[], required: Scope): boolean {
  return granted.includes('admin') || granted.includes(required);
}

/** Who is calling: a signed-in dashboard user, or an API key. */
export type Principal =
  | { kind: 'session'; accountId: string; userId: string; role: Role; sessionId: string }
  | { kind: 'api_key'; accountId: string; keyId: string; mode: Mode; scopes: Scope[] };

/**
 * What a caller may see. Every repository query over account data takes one: the account always,
 * the mode for API keys (sessions see both modes), and for test keys only what that key created.
 */
export interface AccessContext {
  readonly accountId: string;
  /** null: every mode (a dashboard session). */
  readonly mode: Mode | null;
  /** A test key sees only the records it created; null otherwise. */
  readonly createdByKeyId: string | null;
}

export function accessOf(principal: Principal): AccessContext {
  if (principal.kind === 'session') return { accountId: principal.accountId, mode: null, createdByKeyId: null };
  return {
    accountId: principal.accountId,
    mode: principal.mode,
    createdByKeyId: principal.mode === 'test' ? principal.keyId : null,
  };
}

export function actorOf(principal: Principal): Actor {
  return principal.kind === 'session'
    ? { type: 'user', id: principal.userId, mode: null }
    : { type: 'api_key', id: principal.keyId, mode: principal.mode };
}
