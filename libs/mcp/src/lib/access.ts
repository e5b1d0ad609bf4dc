import type { IntakeClient } from '@intake/sdk';

/** The scopes an API key may hold; `admin` includes all others. */
export type Scope = 'admin' | 'intakes:read' | 'intakes:write' | 'secrets:read';
export type Mode = 'live' | 'test';

/** What the key behind an MCP server may do: its mode and scopes decide the tools offered. */
export interface KeyAccess {
  mode: Mode;
  scopes: readonly Scope[];
}

export function hasScope(access: KeyAccess, needed: Scope): boolean {
  return access.scopes.includes('admin') || access.scopes.includes(needed);
}

/**
 * The calling key's mode and scopes, as the api reports them on GET /v1/account (`api_key`), for a
 * server that only holds the key (the stdio executable). One request at start-up.
 */
export async function accessOfKey(client: IntakeClient): Promise<KeyAccess> {
  const { api_key: key } = await client.GET('/v1/account');
  if (!key) throw new Error('GET /v1/account did not describe an API key: the MCP server needs one, not a session');
  return { mode: key.mode, scopes: key.scopes };
}
