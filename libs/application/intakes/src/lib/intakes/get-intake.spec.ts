import {
  anotherKey,
  type GivenAccount,
  givenAccount,
  givenIntake,
  givenStoredFile,
  InMemoryContext,
  writtenState,
} from '@intake/testing';
import { accessOf, type Principal } from '@intake/domain-accounts';
import { GetIntake } from './get-intake';

describe('GetIntake', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let getIntake: GetIntake;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    getIntake = context.use(GetIntake);
  });

  const get = (intakeId: string, principal: Principal = given.liveKey) =>
    getIntake.execute({ access: accessOf(principal), intakeId });

  it('answers the intake, its items by position and its files oldest first, changing nothing', async () => {
    const { intake, items } = await givenIntake(context, given, {
      items: [{ key: 'logo', type: 'image' }, { key: 'about' }, { key: 'photos', type: 'file_list' }],
    });
    const first = await givenStoredFile(context, intake, 'photos');
    context.clock.advance(1);
    const second = await givenStoredFile(context, intake, 'logo');
    const before = writtenState(context);
    const detail = await get(intake.id);
    expect(detail).toEqual({ intake, items, files: [first, second] });
    expect(detail.items.map((i) => i.key)).toEqual(['logo', 'about', 'photos']);
    expect(writtenState(context)).toEqual(before);
  });

  it('answers copies: changing them changes nothing stored', async () => {
    const { intake } = await givenIntake(context, given);
    const detail = await get(intake.id);
    detail.intake.project_name = 'Changed';
    detail.items.forEach((item) => (item.label = 'Changed'));
    expect((await get(intake.id)).intake.project_name).toBe('New website');
    expect((await get(intake.id)).items[0]?.label).toBe('brief');
  });

  it('shows API keys their own mode only, test keys only what they created, and sessions everything', async () => {
    const { intake: live } = await givenIntake(context, given);
    const { intake: test } = await givenIntake(context, given, { by: given.testKey });
    await expect(get(live.id, given.testKey)).rejects.toMatchObject({ code: 'not_found' });
    await expect(get(test.id, given.liveKey)).rejects.toMatchObject({ code: 'not_found' });
    await expect(get(test.id, anotherKey(given, 'test'))).rejects.toMatchObject({ code: 'not_found' });
    await expect(get(live.id, anotherKey(given, 'live'))).resolves.toMatchObject({ intake: { id: live.id } });
    await expect(get(test.id, given.testKey)).resolves.toMatchObject({ intake: { id: test.id } });
    await expect(get(test.id, given.owner)).resolves.toMatchObject({ intake: { id: test.id } });
    await expect(get(live.id, given.owner)).resolves.toMatchObject({ intake: { id: live.id } });
  });

  it('is 404 for another account’s intake and for an unknown id', async () => {
    const other = await givenAccount(context);
    const { intake } = await givenIntake(context, other);
    await expect(get(intake.id)).rejects.toMatchObject({ code: 'not_found', message: 'Intake was not found.' });
    await expect(get(intake.id, given.owner)).rejects.toMatchObject({ code: 'not_found' });
    await expect(get('in_missing')).rejects.toMatchObject({ code: 'not_found' });
  });
});
