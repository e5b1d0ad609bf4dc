import { givenAccount, givenTemplate, InMemoryContext } from '@intake/testing';
import { ListTemplates } from './list-templates';

describe('ListTemplates', () => {
  it('lists the account’s templates by name, then slug, and none of another account', async () => {
    const context = new InMemoryContext();
    const given = await givenAccount(context);
    const other = await givenAccount(context);
    await givenTemplate(context, given, { name: 'Website', slug: 'website-2' });
    await givenTemplate(context, given, { name: 'Branding', slug: 'branding' });
    await givenTemplate(context, given, { name: 'Website', slug: 'website' });
    await givenTemplate(context, other, { name: 'Another', slug: 'another' });
    const list = context.use(ListTemplates);
    expect((await list.execute(given.account.id)).map((t) => t.slug)).toEqual(['branding', 'website', 'website-2']);
    expect((await list.execute(other.account.id)).map((t) => t.slug)).toEqual(['another']);
    expect(await list.execute('acc_none')).toEqual([]);
  });

  it('answers copies: changing one changes nothing stored', async () => {
    const context = new InMemoryContext();
    const given = await givenAccount(context);
    await givenTemplate(context, given);
    const list = context.use(ListTemplates);
    const [template] = await list.execute(given.account.id);
    template?.items.splice(0);
    expect((await list.execute(given.account.id))[0]?.items).toHaveLength(1);
  });
});
