import { ArchiveIntake, DeleteIntake } from '@intake/application-intakes';
import {
  type GivenPortal,
  givenBriefFile,
  givenPortal,
  givenUpload,
  InMemoryContext,
  META,
  storedState,
} from '@intake/testing';
import { PortalIntakes } from './ports/portal-intakes.port';
import { CLIENT_VIEWED_WINDOW_SECONDS, ViewPortal } from './view-portal';

describe('ViewPortal', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let view: ViewPortal;

  const viewedEvents = () => context.webhooks().filter((w) => w['event'] === 'client.viewed');
  const lastSeen = () => context.db.intakes.rows.find((i) => i.id === portal.intakeId)?.client_last_seen;

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    view = context.use(ViewPortal);
  });

  it('shows the client their items, their uploads and the brief files, never owner items', async () => {
    const logo = await givenUpload(context, portal, 'logo');
    context.clock.advance(1);
    const brief = await givenBriefFile(context, portal);
    const shown = await view.execute(portal.slug);
    expect(shown.intake.id).toBe(portal.intakeId);
    expect(shown.items.map((i) => i.key)).toEqual(['logo', 'documents', 'contract', 'tagline', 'budget']);
    expect(shown.files.map((f) => f.id)).toEqual([logo.id, brief.id]);
  });

  it('records when the client was last seen, and shows it', async () => {
    const shown = await view.execute(portal.slug);
    expect(shown.intake.client_last_seen).toEqual(context.clock.now());
    expect(lastSeen()).toEqual(context.clock.now());
  });

  it('sends client.viewed with the slug and no timestamp, at most once an hour, audited nowhere', async () => {
    const audit = context.auditActions();
    await view.execute(portal.slug);
    expect(viewedEvents()).toEqual([
      { event: 'client.viewed', intake_id: portal.intakeId, slug: portal.slug, project_name: 'New website' },
    ]);
    context.clock.advance(CLIENT_VIEWED_WINDOW_SECONDS - 1);
    await view.execute(portal.slug);
    expect(viewedEvents()).toHaveLength(1);
    expect(context.auditActions()).toEqual(audit);
  });

  it('sends client.viewed again when the previous view is an hour old', async () => {
    await view.execute(portal.slug);
    context.clock.advance(CLIENT_VIEWED_WINDOW_SECONDS);
    await view.execute(portal.slug);
    expect(viewedEvents()).toHaveLength(2);
  });

  it('counts the hour from the previous view: a client reloading every half hour is announced once', async () => {
    for (let i = 0; i < 4; i++) {
      await view.execute(portal.slug);
      context.clock.advance(CLIENT_VIEWED_WINDOW_SECONDS / 2);
    }
    expect(viewedEvents()).toHaveLength(1);
  });

  it("puts the event in the outbox for the intake's account and mode", async () => {
    await view.execute(portal.slug);
    expect(context.db.outbox.messages.at(-1)).toMatchObject({
      topic: 'webhook',
      payload: { account_id: portal.account.id, mode: 'live' },
      created_at: context.clock.now(),
    });
  });

  it('keeps the portal of an archived intake readable', async () => {
    await context.use(ArchiveIntake).execute({ principal: portal.owner, intakeId: portal.intakeId, meta: META });
    await expect(view.execute(portal.slug)).resolves.toMatchObject({ intake: { status: 'archived' } });
  });

  it('answers the link of a deleted intake with the same 404', async () => {
    await view.execute(portal.slug);
    await context.use(DeleteIntake).execute({ principal: portal.owner, intakeId: portal.intakeId, meta: META });
    await expect(view.execute(portal.slug)).rejects.toMatchObject({ code: 'not_found', reason: undefined });
  });

  it.each([
    ['a malformed link', async () => 'nope'],
    ['an unknown link', async () => 'F'.repeat(22)],
    ['a draft', async () => (await givenPortal(context, { send: false })).slug],
  ])('answers %s with the portal 404, recording nothing', async (_what, slug) => {
    const link = await slug();
    const before = storedState(context);
    // (a malformed link is refused before any promise exists: the call throws rather than rejects)
    await expect(Promise.resolve().then(() => view.execute(link))).rejects.toMatchObject({
      code: 'not_found',
      reason: undefined,
    });
    expect(storedState(context)).toEqual(before);
  });

  it('takes the same one lookup for an unknown, a draft’s and a deleted intake’s link (no timing to tell them apart)', async () => {
    const draft = (await givenPortal(context, { send: false })).slug;
    const gone = await givenPortal(context);
    await context.use(DeleteIntake).execute({ principal: gone.owner, intakeId: gone.intakeId, meta: META });
    const deleted = gone.slug;
    const store = context.use(PortalIntakes);
    const calls: string[] = [];
    const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(store)).filter((m) => m !== 'constructor');
    const spies = methods.map((m) => jest.spyOn(store as unknown as Record<string, () => unknown>, m).mockName(m));
    for (const spy of spies) {
      const original = spy.getMockImplementation();
      spy.mockImplementation(function (this: unknown, ...args: unknown[]) {
        calls.push(spy.getMockName());
        return (original ?? (() => undefined)).apply(this, args as []);
      });
    }
    const lookups: Record<string, string[]> = {};
    for (const [kind, slug] of Object.entries({ unknown: 'F'.repeat(22), draft, deleted })) {
      calls.length = 0;
      await expect(view.execute(slug)).rejects.toMatchObject({ code: 'not_found', reason: undefined });
      lookups[kind] = [...calls];
    }
    expect(lookups).toEqual({ unknown: ['getBySlug'], draft: ['getBySlug'], deleted: ['getBySlug'] });
  });
});
