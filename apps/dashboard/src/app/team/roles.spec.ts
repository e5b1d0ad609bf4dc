import { abilitiesOf } from './roles';

describe('what a role may do on the account pages', () => {
  it('the owner: everything, every scope', () => {
    expect(abilitiesOf('owner')).toEqual({
      manageTeam: true,
      manageWebhooks: true,
      revokeKeys: true,
      grantableScopes: ['admin', 'intakes:read', 'intakes:write', 'secrets:read'],
    });
  });

  it('a member: reads, and creates keys without admin or secrets:read', () => {
    expect(abilitiesOf('member')).toEqual({
      manageTeam: false,
      manageWebhooks: false,
      revokeKeys: false,
      grantableScopes: ['intakes:read', 'intakes:write'],
    });
  });

  it('nobody known yet (the role still loading): nothing', () => {
    expect(abilitiesOf(undefined)).toEqual({
      manageTeam: false,
      manageWebhooks: false,
      revokeKeys: false,
      grantableScopes: [],
    });
  });
});
