import { ArchiveIntake, type IntakeChange, IntakeWriter, unchanged } from '@intake/application-intakes';
import { itemNotFound } from '@intake/domain-intake';
import { type GivenPortal, givenPortal, InMemoryContext, META, storedState } from '@intake/testing';
import { changeAsClient } from './client-change';

describe('changeAsClient', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let writer: IntakeWriter;

  const noteChange = (decide?: IntakeChange['decide']): IntakeChange => ({
    action: 'item.client_note',
    summary: { item_key: 'tagline' },
    decide:
      decide ??
      ((intake, items) =>
        unchanged(
          intake,
          items.map((i) => (i.key === 'tagline' ? { ...i, client_note: 'hi' } : i)),
        )),
  });
  const refused = async (call: () => Promise<unknown>, expected: Record<string, unknown>) => {
    const before = storedState(context);
    await expect(call()).rejects.toMatchObject(expected);
    expect(storedState(context)).toEqual(before);
  };

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    writer = context.use(IntakeWriter);
  });

  it("changes the intake found by the portal link, audited as the client with the request's metadata", async () => {
    const changed = await changeAsClient(writer, portal.slug, META, noteChange());
    expect(changed.intake).toMatchObject({ id: portal.intakeId, version: 1 });
    expect(changed.items.find((i) => i.key === 'tagline')?.client_note).toBe('hi');
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      action: 'item.client_note',
      actor_type: 'client',
      actor_id: null,
      ip: META.ip,
      request_id: META.requestId,
      target_id: portal.intakeId,
      summary: { intake_id: portal.intakeId, item_key: 'tagline' },
    });
  });

  it('answers a malformed slug with the portal 404 without looking it up', async () => {
    const change = jest.spyOn(writer, 'change');
    await refused(() => changeAsClient(writer, 'not a slug', META, noteChange()), { code: 'not_found' });
    expect(change).not.toHaveBeenCalled();
  });

  it.each([
    ['an unknown link', async () => 'E'.repeat(22)],
    ['a draft', async () => (await givenPortal(context, { send: false })).slug],
  ])('answers %s with the portal 404', async (_what, slug) => {
    const link = await slug();
    await refused(() => changeAsClient(writer, link, META, noteChange()), {
      code: 'not_found',
      reason: undefined,
      message: 'No such portal link.',
    });
  });

  it("passes the decision's own errors on, writing nothing", async () => {
    await refused(
      () =>
        changeAsClient(
          writer,
          portal.slug,
          META,
          noteChange(() => {
            throw itemNotFound('kickoff');
          }),
        ),
      { code: 'not_found', reason: 'item_not_found' },
    );
  });

  it('refuses to change an archived intake: 409 intake_archived', async () => {
    await context.use(ArchiveIntake).execute({ principal: portal.owner, intakeId: portal.intakeId, meta: META });
    await refused(() => changeAsClient(writer, portal.slug, META, noteChange()), {
      code: 'conflict',
      reason: 'intake_archived',
    });
  });
});
