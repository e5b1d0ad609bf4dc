import { UpdateAccount } from '@intake/application-accounts';
import { type GivenAccount, givenAccount, InMemoryContext, META } from '@intake/testing';
import { PortalBranding } from './portal-branding';

describe('PortalBranding', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let branding: PortalBranding;
  const studio = { display_name: 'Studio', accent_color: '#1d4ed8', logo_url: 'https://cdn.example/l.png' };
  const own = { display_name: 'Side project', accent_color: null, logo_url: null };

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    branding = context.use(PortalBranding);
  });

  it('is none while neither the intake nor its account has one', async () => {
    expect(await branding.of({ account_id: given.account.id, branding: null })).toBeNull();
  });

  it('is the account’s default for an intake without its own, read when asked', async () => {
    await context.use(UpdateAccount).execute({ principal: given.owner, patch: { branding: studio }, meta: META });
    expect(await branding.of({ account_id: given.account.id, branding: null })).toEqual(studio);
  });

  it('is the intake’s own as a whole, whatever the account’s', async () => {
    await context.use(UpdateAccount).execute({ principal: given.owner, patch: { branding: studio }, meta: META });
    expect(await branding.of({ account_id: given.account.id, branding: own })).toEqual(own);
  });
});
