/** Live or test: every API key, intake and audit entry has one (docs/contract.md "Test mode"). */
export const MODES = ['live', 'test'] as const;
export type Mode = (typeof MODES)[number];

/** Who did something, as the audit log records it. */
export interface Actor {
  /** client: the intake's client in the portal (no id: the portal link is the credential). */
  type: 'user' | 'api_key' | 'client' | 'system';
  id: string | null;
  mode: Mode | null;
}

/** The client in the portal, as the audit log records it. */
export const CLIENT_ACTOR: Actor = { type: 'client', id: null, mode: null };
/** The service itself (a scan's verdict, a scheduler pass), as the audit log records it. */
export const SYSTEM_ACTOR: Actor = { type: 'system', id: null, mode: null };
