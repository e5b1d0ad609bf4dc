import { type GivenAccount, givenAccount, InMemoryContext, META, writtenState } from '@intake/testing';
import { CreateIntake } from '../intakes/create-intake';
import { CreateTemplate, type CreateTemplateInput } from './create-template';

const logo = { key: 'logo', type: 'image', label: ' Logo ' };

describe('CreateTemplate', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let createTemplate: CreateTemplate;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    createTemplate = context.use(CreateTemplate);
  });

  const create = (body: CreateTemplateInput['body'], account = given) =>
    createTemplate.execute({ principal: account.liveKey, body, meta: META });

  it('saves the item definitions, normalised, and the settings under a slug from the name; audited', async () => {
    const template = await create({
      name: '  Svatební fotky 2027! ',
      items: [logo],
      settings: { chase_schedule: 'gentle', max_reminders: 5 },
    });
    expect(template).toEqual({
      id: expect.stringMatching(/^tpl_/),
      account_id: given.account.id,
      slug: 'svatebni-fotky-2027',
      name: 'Svatební fotky 2027!',
      items: [
        {
          key: 'logo',
          type: 'image',
          label: 'Logo',
          help: null,
          required: true,
          assignee: 'client',
          constraints: {},
          schema: null,
          options: null,
          pattern: null,
          proposed: null,
        },
      ],
      settings: { chase_schedule: 'gentle', max_reminders: 5 },
      created_at: context.clock.now(),
    });
    expect(context.db.templates.rows).toEqual([template]);
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({
        action: 'template.created',
        target_id: template.id,
        summary: { slug: 'svatebni-fotky-2027' },
      }),
    ]);
  });

  it('keeps no settings as an empty object', async () => {
    expect((await create({ name: 'Plain', items: [logo] })).settings).toEqual({});
  });

  it('makes a taken slug unique with -2, -3, …, per account', async () => {
    const slugs = [];
    for (const name of ['Website', 'website', 'WEBSITE!']) slugs.push((await create({ name, items: [logo] })).slug);
    expect(slugs).toEqual(['website', 'website-2', 'website-3']);
    const other = await givenAccount(context);
    expect((await create({ name: 'Website', items: [logo] }, other)).slug).toBe('website');
  });

  it('is 422 with every broken rule of the items and the settings at once, writing nothing', async () => {
    const before = writtenState(context);
    await expect(
      create({
        name: 'Broken',
        items: [{ key: 'x', type: 'nope', label: 'X' }],
        settings: { chase_interval: 2, max_reminders: 0, retention: { mode: 'on_delivery', days: 3 } },
      }),
    ).rejects.toMatchObject({
      code: 'unprocessable',
      reason: 'validation_failed',
      details: [
        { path: 'items[0].type', message: expect.any(String) },
        { path: 'settings.chase_interval', message: 'is only accepted with chase_schedule custom' },
        { path: 'settings.max_reminders', message: expect.any(String) },
        { path: 'settings.retention.days', message: 'is only accepted with mode days' },
      ],
    });
    await expect(create({ name: 'Empty', items: [] })).rejects.toMatchObject({
      details: [{ path: 'items', message: 'must contain at least one item' }],
    });
    expect(writtenState(context)).toEqual(before);
  });

  it('is used by its slug when creating an intake', async () => {
    const template = await create({ name: 'Website', items: [logo], settings: { chase_schedule: 'aggressive' } });
    const { intake, items } = await context.use(CreateIntake).execute({
      principal: given.liveKey,
      body: {
        project_name: 'P',
        client: { email: 'a@x.example', name: 'A' },
        items: [{ key: 'about', type: 'text', label: 'About' }],
        template: template.slug,
      },
      meta: META,
    });
    expect(intake.chase_schedule).toBe('aggressive');
    expect(items.map((i) => i.key)).toEqual(['logo', 'about']);
  });
});
