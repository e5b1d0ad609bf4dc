import type { components } from '@intake/sdk-types';

export type Role = components['schemas']['MeResponse']['role'];
type Scope = components['schemas']['ApiKeyView']['scopes'][number];

/**
 * What the signed-in user may do on the account pages, as the API decides it (owner-only
 * operations answer 403 to a member): the pages show a member no button that would be refused.
 */
export interface Abilities {
  /** Invite and remove team members (POST /v1/team/invitations, DELETE /v1/team/members/:id). */
  manageTeam: boolean;
  /** Register, delete, test webhook endpoints and retry deliveries (owner-only for sessions). */
  manageWebhooks: boolean;
  /**
   * Revoke keys. A member may revoke only keys they created, and the key list does not say who
   * created a key, so a member is offered none rather than buttons that might be refused.
   */
  revokeKeys: boolean;
  /** The scopes this user may give a new key: admin and secrets:read are the owner's alone. */
  grantableScopes: readonly Scope[];
}

export const ALL_SCOPES: readonly Scope[] = ['admin', 'intakes:read', 'intakes:write', 'secrets:read'];
const MEMBER_SCOPES: readonly Scope[] = ['intakes:read', 'intakes:write'];

export function abilitiesOf(role: Role | undefined): Abilities {
  const owner = role === 'owner';
  return {
    manageTeam: owner,
    manageWebhooks: owner,
    revokeKeys: owner,
    grantableScopes: owner ? ALL_SCOPES : role === 'member' ? MEMBER_SCOPES : [],
  };
}
