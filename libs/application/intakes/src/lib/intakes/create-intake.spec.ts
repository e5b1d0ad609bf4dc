import { type GivenAccount, givenAccount, InMemoryContext, META } from '@intake/testing';
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
    expect((await context.intakes.chases(intake.id)).map((c) => [c.kind, c.status])).toEqual([['invite', 'scheduled']]);
    expect(context.auditActions()).toEqual(['intake.created']);
    expect(intake.slug).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('keeps a draft with send: false, and skips the invitation of a test intake', async () => {
    const draft = await create.execute({ principal: given.liveKey, body: body({ send: false }), meta: META });
    expect(draft.intake.status).toBe('draft');
    expect(await context.intakes.chases(draft.intake.id)).toEqual([]);
    const test = await create.execute({ principal: given.testKey, body: body(), meta: META });
    expect(test.intake.mode).toBe('test');
    expect((await context.intakes.chases(test.intake.id)).map((c) => c.status)).toEqual(['skipped']);
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
});
