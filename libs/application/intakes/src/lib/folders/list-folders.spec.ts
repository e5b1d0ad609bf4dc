import { anotherKey, givenAccount, givenFolder, givenIntake, InMemoryContext } from '@intake/testing';
import { accessOf } from '@intake/domain-accounts';
import { ListFolders } from './list-folders';

describe('ListFolders', () => {
  it('lists the account’s folders by sort order, then name, each with the intakes the caller may see', async () => {
    const context = new InMemoryContext();
    const given = await givenAccount(context);
    const other = await givenAccount(context);
    const zeta = await givenFolder(context, given, 'Zeta', { sort_order: 0 });
    const alpha = await givenFolder(context, given, 'Alpha', { sort_order: 1 });
    const beta = await givenFolder(context, given, 'Beta', { sort_order: 1 });
    const theirs = await givenFolder(context, other, 'Theirs', { sort_order: 0 });
    await givenIntake(context, given, { folder_id: alpha.id });
    await givenIntake(context, given, { folder_id: alpha.id, by: given.testKey });
    await givenIntake(context, given, { folder_id: alpha.id, by: anotherKey(given, 'test') });
    await givenIntake(context, given, { folder_id: zeta.id, by: given.testKey });
    await givenIntake(context, other, { folder_id: theirs.id });
    const list = context.use(ListFolders);

    const forOwner = await list.execute(accessOf(given.owner));
    expect(forOwner.map((f) => [f.name, f.intake_count])).toEqual([
      ['Zeta', 1],
      ['Alpha', 3],
      ['Beta', 0],
    ]);
    expect(forOwner.map((f) => f.id)).toEqual([zeta.id, alpha.id, beta.id]);
    expect(forOwner[1]).toEqual({ ...alpha, intake_count: 3 });
    expect((await list.execute(accessOf(given.liveKey))).map((f) => f.intake_count)).toEqual([0, 1, 0]);
    expect((await list.execute(accessOf(given.testKey))).map((f) => f.intake_count)).toEqual([1, 1, 0]);
    expect((await list.execute(accessOf(other.owner))).map((f) => f.id)).toEqual([theirs.id]);
  });
});
