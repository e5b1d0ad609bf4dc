import { givenAccount, InMemoryContext } from '@intake/testing';
import { PreviewInvitation } from './preview-invitation';

describe('PreviewInvitation (GET /v1/intakes/preview)', () => {
  it('previews the invitation with the account’s current sender name and default language', async () => {
    const context = new InMemoryContext();
    const given = await givenAccount(context, { name: 'Studio Nova', default_language: 'de', sender_name: null });
    const preview = context.use(PreviewInvitation);
    expect(await preview.execute({ accountId: given.account.id })).toEqual({
      language: 'de',
      from_name: 'Studio Nova',
      subject: 'Unterlagen für Beispielprojekt',
      sender_name: 'Studio Nova',
      using_fallback_sender_name: true,
    });
    await context.accounts.updateAccount(given.account.id, { sender_name: 'Jana' }, context.clock.now());
    expect(await preview.execute({ accountId: given.account.id, language: 'en', project_name: 'Bakery' })).toEqual({
      language: 'en',
      from_name: 'Jana from Studio Nova',
      subject: 'Materials for Bakery',
      sender_name: 'Jana',
      using_fallback_sender_name: false,
    });
    // A language we do not speak falls back to the account's.
    expect((await preview.execute({ accountId: given.account.id, language: 'fr' })).language).toBe('de');
  });

  it('is 404 for an account that is gone', async () => {
    await expect(new InMemoryContext().use(PreviewInvitation).execute({ accountId: 'acc_gone' })).rejects.toMatchObject(
      {
        code: 'not_found',
      },
    );
  });
});
