import { type GivenAccount, givenAccount, givenChase, givenIntake, InMemoryContext } from '@intake/testing';
import { accessOf } from '@intake/domain-accounts';
import { GetIntakeStatus } from './get-intake-status';

describe('GetIntakeStatus', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let getStatus: GetIntakeStatus;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    getStatus = context.use(GetIntakeStatus);
  });

  it('counts progress over required or touched client items that are not waived, and names the missing ones', async () => {
    const { intake, items } = await givenIntake(context, given, {
      status: 'in_progress',
      items: [
        { key: 'logo', status: 'submitted' },
        { key: 'about', status: 'approved' },
        { key: 'photos', status: 'needs_revision' },
        { key: 'brief' },
        { key: 'optional', required: false },
        { key: 'optional-touched', required: false, status: 'submitted' },
        { key: 'waived', status: 'waived' },
        { key: 'task', assignee: 'owner' },
      ],
    });
    const status = await getStatus.execute({ access: accessOf(given.liveKey), intakeId: intake.id });
    expect(status.intake).toEqual(intake);
    expect(status.items).toEqual(items);
    expect(status.progress).toEqual({ submitted: 3, total: 5, outstanding: 2, percent: 60 });
    expect(status.missing).toEqual(['photos', 'brief']);
  });

  it('is 100 percent exactly when nothing counted is outstanding', async () => {
    const { intake } = await givenIntake(context, given, {
      status: 'completed',
      items: [
        { key: 'logo', status: 'approved' },
        { key: 'optional', required: false },
      ],
    });
    const status = await getStatus.execute({ access: accessOf(given.owner), intakeId: intake.id });
    expect(status.progress).toEqual({ submitted: 1, total: 1, outstanding: 0, percent: 100 });
    expect(status.missing).toEqual([]);
  });

  it('lists the chases oldest first, the next scheduled reminder among them', async () => {
    const { intake } = await givenIntake(context, given);
    const invite = await givenChase(context, intake, { kind: 'invite', attempt_no: 0 });
    context.clock.advance(2 * 86400);
    const reminder = await givenChase(context, intake, {
      status: 'scheduled',
      scheduled_at: new Date('2026-11-28T09:00:00.000Z'),
    });
    const status = await getStatus.execute({ access: accessOf(given.liveKey), intakeId: intake.id });
    expect(status.chases).toEqual([invite, reminder]);
  });

  it('lists the contract’s chases (invite, reminder, revision, manual), not the thank-you or the items-added mail', async () => {
    const { intake } = await givenIntake(context, given);
    const listed = [];
    for (const kind of ['invite', 'thank_you', 'reminder', 'items_added', 'revision', 'manual'] as const) {
      const chase = await givenChase(context, intake, { kind, attempt_no: 0 });
      if (kind !== 'thank_you' && kind !== 'items_added') listed.push(chase);
      context.clock.advance(60);
    }
    const status = await getStatus.execute({ access: accessOf(given.liveKey), intakeId: intake.id });
    expect(status.chases).toEqual(listed);
  });

  it('is 404 for what the caller may not see', async () => {
    const { intake } = await givenIntake(context, given, { by: given.testKey });
    const other = await givenAccount(context);
    await expect(getStatus.execute({ access: accessOf(given.liveKey), intakeId: intake.id })).rejects.toMatchObject({
      code: 'not_found',
      message: 'Intake was not found.',
    });
    await expect(getStatus.execute({ access: accessOf(other.owner), intakeId: intake.id })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(getStatus.execute({ access: accessOf(given.testKey), intakeId: intake.id })).resolves.toBeDefined();
  });
});
