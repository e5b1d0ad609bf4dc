import { type GivenAccount, givenAccount, InMemoryContext, META, storedIntake, writtenState } from '@intake/testing';
import { DomainError } from '@intake/errors';
import { CreateIntake, type CreateIntakeInput } from './create-intake';

const body = (overrides: Partial<CreateIntakeInput> = {}): CreateIntakeInput => ({
  project_name: '  New website ',
  client: { email: 'jan@client.example', name: 'Jan' },
  items: [{ key: 'logo', type: 'image', label: 'Logo' }],
  ...overrides,
});

describe('CreateIntake', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let create: CreateIntake;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    create = context.use(CreateIntake);
  });

  it('sends the intake at once: status sent, an invitation chase, intake.created audited', async () => {
    const { intake, items, replayed, plan } = await create.execute({
      principal: given.liveKey,
      body: body(),
      meta: META,
    });
    expect(intake).toMatchObject({ status: 'sent', project_name: 'New website', mode: 'live', version: 0 });
    expect(intake.sent_at).toEqual(context.clock.now());
    expect(items.map((i) => [i.key, i.status])).toEqual([['logo', 'pending']]);
    expect(replayed).toBe(false);
    expect(plan.id).toBe('free');
    // The invitation goes out at once; the first reminder of the default schedule two days later.
    expect((await context.chases.chases(intake.id)).map((c) => [c.kind, c.status, c.scheduled_at])).toEqual([
      ['invite', 'scheduled', context.clock.now()],
      ['reminder', 'scheduled', new Date(context.clock.now().getTime() + 2 * 24 * 3600 * 1000)],
    ]);
    expect(context.auditActions()).toEqual(['intake.created']);
    expect(intake.slug).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('keeps a draft with send: false, and skips the invitation of a test intake', async () => {
    const draft = await create.execute({ principal: given.liveKey, body: body({ send: false }), meta: META });
    expect(draft.intake.status).toBe('draft');
    expect(draft.files).toEqual([]);
    expect(context.db.outbox.messages).toEqual([]);
    expect(await context.chases.chases(draft.intake.id)).toEqual([]);
    const test = await create.execute({ principal: given.testKey, body: body(), meta: META });
    expect(test.intake.mode).toBe('test');
    // A test intake runs the same schedule; its chases are skipped when they fall due.
    expect((await context.chases.chases(test.intake.id)).map((c) => [c.kind, c.status])).toEqual([
      ['invite', 'skipped'],
      ['reminder', 'scheduled'],
    ]);
  });

  it('replays a repeated Idempotency-Key and refuses it with another body', async () => {
    const first = await create.execute({ principal: given.liveKey, body: body(), idempotencyKey: 'k1', meta: META });
    const again = await create.execute({ principal: given.liveKey, body: body(), idempotencyKey: 'k1', meta: META });
    expect(again.replayed).toBe(true);
    expect(again.intake.id).toBe(first.intake.id);
    const other = create.execute({
      principal: given.liveKey,
      body: body({ project_name: 'Other' }),
      idempotencyKey: 'k1',
      meta: META,
    });
    await expect(other).rejects.toMatchObject({ code: 'conflict', reason: 'idempotency_key_reused' });
  });

  it('refuses every broken rule at once, writing nothing', async () => {
    const error = await create
      .execute({
        principal: given.liveKey,
        body: body({ items: [{ key: 'x', type: 'nope', label: 'X' }], template: 'missing' }),
        meta: META,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).details?.map((d) => d.path)).toEqual(
      expect.arrayContaining(['template', 'items[0].type']),
    );
    expect(context.db.intakes.rows).toEqual([]);
    expect(context.auditActions()).toEqual([]);
  });

  it('stores the intake’s own branding normalised; none given is null (the account’s applies) (issue #29)', async () => {
    const own = await create.execute({
      principal: given.liveKey,
      body: body({ branding: { display_name: 'Side', logo_url: 'https://CDN.example/l.png' } }),
      meta: META,
    });
    expect(own.intake.branding).toEqual({
      display_name: 'Side',
      accent_color: null,
      logo_url: 'https://cdn.example/l.png',
    });
    expect(storedIntake(context, own.intake.id).intake.branding).toEqual(own.intake.branding);
    const none = await create.execute({ principal: given.liveKey, body: body({ branding: null }), meta: META });
    expect(none.intake.branding).toBeNull();
  });

  it('refuses a branding among every other broken rule, writing nothing', async () => {
    const error = await create
      .execute({
        principal: given.liveKey,
        body: body({ template: 'missing', branding: { accent_color: '#cccccc', display_name: 'a\nb' } }),
        meta: META,
      })
      .catch((e: unknown) => e);
    expect((error as DomainError).details?.map((d) => d.path)).toEqual([
      'template',
      'branding.display_name',
      'branding.accent_color',
    ]);
    expect(context.db.intakes.rows).toEqual([]);
  });

  it('audits intake.created with its status, item count and mode, and sends no webhook (intake.sent is none)', async () => {
    const { intake } = await create.execute({ principal: given.testKey, body: body(), meta: META });
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'intake.created',
        actor_type: 'api_key',
        actor_id: given.testKey.keyId,
        actor_mode: 'test',
        target_id: intake.id,
        summary: { status: 'sent', items: 1, mode: 'test' },
      }),
    ]);
    expect(context.db.outbox.messages).toEqual([]);
  });

  it('stores what it answers', async () => {
    const created = await create.execute({ principal: given.owner, body: body(), meta: META });
    const stored = storedIntake(context, created.intake.id);
    expect(stored.intake).toEqual(created.intake);
    expect(stored.items).toEqual(created.items);
    expect(created.intake).toMatchObject({ mode: 'live', created_by_user_id: given.owner.userId });
  });

  it('sends at most 30 invitations an hour (429 intake_invites, nothing written); drafts are not counted', async () => {
    given = await givenAccount(context, { plan: 'agency' });
    for (let i = 0; i < 30; i += 1) await create.execute({ principal: given.testKey, body: body(), meta: META });
    await create.execute({ principal: given.liveKey, body: body({ send: false }), meta: META });
    const before = writtenState(context);
    await expect(create.execute({ principal: given.liveKey, body: body(), meta: META })).rejects.toMatchObject({
      code: 'rate_limited',
      reason: 'intake_invites',
      retryAfterSeconds: 3600,
    });
    expect(writtenState(context)).toEqual(before);
    context.clock.advance(3600);
    await expect(create.execute({ principal: given.liveKey, body: body(), meta: META })).resolves.toMatchObject({
      intake: { status: 'sent' },
    });
  });

  it('refuses the 11th intake of the month on the free plan with 402 and counts no refused creation', async () => {
    for (let i = 0; i < 10; i += 1) {
      await create.execute({ principal: given.liveKey, body: body({ send: i % 2 === 0 }), meta: META });
    }
    const before = writtenState(context);
    await expect(
      create.execute({ principal: given.liveKey, body: body(), idempotencyKey: 'k', meta: META }),
    ).rejects.toMatchObject({ code: 'quota_exceeded', reason: 'intakes' });
    expect(writtenState(context)).toEqual(before);
  });

  it('replays a key even once the month’s quota is used up: a replay creates nothing', async () => {
    const first = await create.execute({ principal: given.liveKey, body: body(), idempotencyKey: 'k1', meta: META });
    for (let i = 1; i < 10; i += 1) await create.execute({ principal: given.liveKey, body: body(), meta: META });
    const again = await create.execute({ principal: given.liveKey, body: body(), idempotencyKey: 'k1', meta: META });
    expect(again).toMatchObject({ replayed: true, intake: first.intake });
  });

  it('replays without counting, inviting or auditing again, whatever the order of the body’s fields', async () => {
    const first = await create.execute({ principal: given.liveKey, body: body(), idempotencyKey: 'k1', meta: META });
    const before = writtenState(context);
    const { items, client, project_name } = body();
    const again = await create.execute({
      principal: given.liveKey,
      body: { items, client: { name: client.name, email: client.email }, project_name, template: undefined },
      idempotencyKey: 'k1',
      meta: META,
    });
    expect(again).toMatchObject({ replayed: true, plan: { id: 'free' }, intake: first.intake, items: first.items });
    expect(writtenState(context)).toEqual(before);
  });

  it('honours a key for 24 hours, then creates anew', async () => {
    const first = await create.execute({ principal: given.liveKey, body: body(), idempotencyKey: 'k1', meta: META });
    context.clock.advance(24 * 3600 - 1);
    const replayed = await create.execute({ principal: given.liveKey, body: body(), idempotencyKey: 'k1', meta: META });
    expect(replayed.intake.id).toBe(first.intake.id);
    context.clock.advance(1);
    const fresh = await create.execute({ principal: given.liveKey, body: body(), idempotencyKey: 'k1', meta: META });
    expect(fresh.replayed).toBe(false);
    expect(fresh.intake.id).not.toBe(first.intake.id);
  });

  it('scopes keys to the account', async () => {
    const other = await givenAccount(context);
    const mine = await create.execute({ principal: given.liveKey, body: body(), idempotencyKey: 'k1', meta: META });
    const theirs = await create.execute({ principal: other.liveKey, body: body(), idempotencyKey: 'k1', meta: META });
    expect(theirs.replayed).toBe(false);
    expect(theirs.intake.id).not.toBe(mine.intake.id);
  });

  it('is 409 idempotency_key_reused when the key’s intake was deleted meanwhile', async () => {
    const first = await create.execute({ principal: given.liveKey, body: body(), idempotencyKey: 'k1', meta: META });
    context.db.deleteIntake(first.intake.id);
    await expect(
      create.execute({ principal: given.liveKey, body: body(), idempotencyKey: 'k1', meta: META }),
    ).rejects.toMatchObject({ code: 'conflict', reason: 'idempotency_key_reused' });
  });

  it('claims no key for a refused creation, so a corrected retry with the same key goes through', async () => {
    const bad = body({ items: [] });
    await expect(
      create.execute({ principal: given.liveKey, body: bad, idempotencyKey: 'k1', meta: META }),
    ).rejects.toMatchObject({ code: 'unprocessable' });
    expect(context.db.idempotency.rows).toEqual([]);
    const created = await create.execute({ principal: given.liveKey, body: body(), idempotencyKey: 'k1', meta: META });
    expect(created.replayed).toBe(false);
  });

  it('creates one intake for concurrent requests with the same key: the later one answers with it', async () => {
    const [a, b] = await Promise.all([
      create.execute({ principal: given.liveKey, body: body(), idempotencyKey: 'k1', meta: META }),
      create.execute({ principal: given.liveKey, body: body(), idempotencyKey: 'k1', meta: META }),
    ]);
    expect(a.intake.id).toBe(b.intake.id);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(context.db.intakes.rows).toHaveLength(1);
    expect(context.db.usage.rows[0]?.intakes_created).toBe(1);
    expect(context.auditActions()).toEqual(['intake.created']);
  });
});
