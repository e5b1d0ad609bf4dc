import {
  type GivenAccount,
  givenAccount,
  givenFolder,
  givenTemplate,
  InMemoryContext,
  writtenState,
} from '@intake/testing';
import { type Principal } from '@intake/domain-accounts';
import { DomainError } from '@intake/errors';
import { type CreateIntakeInput, DEFAULT_RETENTION_DAYS, IntakeDrafts } from './intake-drafts';

const body = (overrides: Partial<CreateIntakeInput> = {}): CreateIntakeInput => ({
  project_name: 'New website',
  client: { email: 'jan@client.example', name: 'Jan' },
  items: [{ key: 'logo', type: 'image', label: 'Logo' }],
  ...overrides,
});

describe('IntakeDrafts', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let drafts: IntakeDrafts;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context, { default_language: 'cs' });
    drafts = context.use(IntakeDrafts);
  });

  const draft = (request: CreateIntakeInput, principal: Principal = given.liveKey) =>
    context.db.uow.run(() => drafts.draft(principal, request, context.clock.now()));

  const detailsOf = async (request: CreateIntakeInput) => {
    const error = await draft(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'unprocessable', reason: 'validation_failed' });
    return (error as DomainError).details;
  };

  it('drafts an unsent intake of the caller’s mode with the spec’s defaults, trimmed', async () => {
    const { intake, items, plan } = await draft(
      body({ project_name: '  Site ', client: { email: ' jan@client.example ', name: ' Jan ' }, client_brief: '  ' }),
    );
    expect(intake).toMatchObject({
      account_id: given.account.id,
      status: 'draft',
      mode: 'live',
      created_by_key_id: given.liveKey.keyId,
      created_by_user_id: null,
      project_name: 'Site',
      client_email: 'jan@client.example',
      client_name: 'Jan',
      client_language: 'cs',
      client_timezone: 'Europe/Prague',
      also_notify: [],
      folder_id: null,
      chase_schedule: 'default',
      chase_interval_minutes: null,
      respect_quiet_hours: true,
      max_reminders: 3,
      retention_mode: 'days',
      retention_days: DEFAULT_RETENTION_DAYS,
      retention_anonymize: false,
      client_brief: null,
      sent_at: null,
      created_at: context.clock.now(),
      version: 0,
    });
    expect(intake.id).toMatch(/^in_/);
    expect(items).toEqual([
      expect.objectContaining({ intake_id: intake.id, key: 'logo', position: 0, status: 'pending', value: null }),
    ]);
    expect(plan.id).toBe('free');
  });

  it('takes the mode and creator from the principal: test keys make test intakes, sessions live ones', async () => {
    expect((await draft(body(), given.testKey)).intake).toMatchObject({
      mode: 'test',
      created_by_key_id: given.testKey.keyId,
    });
    expect((await draft(body(), given.owner)).intake).toMatchObject({
      mode: 'live',
      created_by_key_id: null,
      created_by_user_id: given.owner.userId,
    });
  });

  it('keeps the client’s own language, time zone, phone and additional recipients', async () => {
    const { intake } = await draft(
      body({
        client: {
          email: 'jan@client.example',
          name: 'Jan',
          language: 'de',
          timezone: 'America/New_York',
          phone: '+420601234567',
          also_notify: [
            { email: ' eva@client.example ', name: '  ' },
            { email: 'petr@client.example', name: 'Petr' },
            { email: 'ota@client.example' },
          ],
        },
        client_brief: '  Read me  ',
        due_date: '2026-12-24',
      }),
    );
    expect(intake).toMatchObject({
      client_language: 'de',
      client_timezone: 'America/New_York',
      client_phone: '+420601234567',
      also_notify: [
        { email: 'eva@client.example', name: null, bounced_at: null },
        { email: 'petr@client.example', name: 'Petr', bounced_at: null },
        { email: 'ota@client.example', name: null, bounced_at: null },
      ],
      client_brief: 'Read me',
      due_date: '2026-12-24',
    });
  });

  it('keeps retention in days with its days', async () => {
    const { intake } = await draft(body({ retention: { mode: 'days', days: 30 } }));
    expect(intake).toMatchObject({ retention_mode: 'days', retention_days: 30 });
  });

  it('keeps retention on delivery without days', async () => {
    const { intake } = await draft(body({ retention: { mode: 'on_delivery', anonymize: true } }));
    expect(intake).toMatchObject({ retention_mode: 'on_delivery', retention_days: null, retention_anonymize: true });
  });

  it('reports every broken rule at once in one 422', async () => {
    const details = await detailsOf(
      body({
        client: {
          email: 'jan@client.example',
          name: 'Jan',
          also_notify: [{ email: 'JAN@client.example' }, { email: 'eva@x.example' }, { email: 'Eva@x.example' }],
        },
        items: [
          { key: 'logo', type: 'image', label: 'Logo' },
          { key: 'logo', type: 'text', label: 'Again' },
        ],
        chase_interval: 2,
        retention: { mode: 'on_delivery', days: 5 },
        template: 'missing',
      }),
    );
    expect(details?.map((d) => d.path)).toEqual([
      'template',
      'items[1].key',
      'chase_interval',
      'client.also_notify[0].email',
      'client.also_notify[2].email',
      'retention.days',
    ]);
    expect(details).toEqual(
      expect.arrayContaining([
        { path: 'template', message: 'is not a template of this account' },
        { path: 'retention.days', message: 'is only accepted with mode days' },
      ]),
    );
  });

  it('needs at least one item, even with a template', async () => {
    await givenTemplate(context, given);
    expect(await detailsOf(body({ items: [], template: 'website' }))).toEqual([
      { path: 'items', message: 'must contain at least one item' },
    ]);
  });

  it('merges a template’s items by key, the template’s first and the request’s winning', async () => {
    await givenTemplate(context, given, {
      items: [
        {
          key: 'logo',
          type: 'image',
          label: 'Template logo',
          help: null,
          required: true,
          assignee: 'client',
          constraints: {},
          schema: null,
          options: null,
          pattern: null,
          proposed: null,
        },
        {
          key: 'about',
          type: 'longtext',
          label: 'About',
          help: null,
          required: false,
          assignee: 'client',
          constraints: {},
          schema: null,
          options: null,
          pattern: null,
          proposed: null,
        },
      ],
    });
    const { items } = await draft(
      body({
        template: 'website',
        items: [
          { key: 'extra', type: 'text', label: 'Extra' },
          { key: 'logo', type: 'image', label: 'My logo' },
        ],
      }),
    );
    expect(items.map((i) => [i.position, i.key, i.label])).toEqual([
      [0, 'logo', 'My logo'],
      [1, 'about', 'About'],
      [2, 'extra', 'Extra'],
    ]);
  });

  it('uses a template’s settings only where the request leaves them unset', async () => {
    await givenTemplate(context, given, {
      settings: {
        chase_schedule: 'custom',
        chase_interval: 2,
        chase_interval_unit: 'days',
        chase_at_time: '10:00',
        max_reminders: 5,
        client_brief: 'From the template',
        email_copy: { subject: 'Template subject' },
        retention: { mode: 'on_delivery' },
      },
    });
    const { intake } = await draft(body({ template: 'website', max_reminders: 'unlimited' }));
    expect(intake).toMatchObject({
      chase_schedule: 'custom',
      chase_interval_minutes: 2 * 1440,
      chase_at_time: '10:00',
      max_reminders: null,
      client_brief: 'From the template',
      email_copy: { subject: 'Template subject' },
      retention_mode: 'on_delivery',
    });
  });

  it('drops the template’s interval when the request picks its own schedule', async () => {
    await givenTemplate(context, given, {
      settings: { chase_schedule: 'custom', chase_interval: 2, chase_at_time: '10:00', respect_quiet_hours: false },
    });
    const { intake } = await draft(body({ template: 'website', chase_schedule: 'gentle' }));
    expect(intake).toMatchObject({
      chase_schedule: 'gentle',
      chase_interval_minutes: null,
      chase_at_time: null,
      respect_quiet_hours: false,
    });
  });

  it('does not see another account’s template', async () => {
    const other = await givenAccount(context);
    await givenTemplate(context, other);
    expect((await detailsOf(body({ template: 'website' })))?.map((d) => d.path)).toEqual(['template']);
  });

  it('files the intake in a folder of the account, and refuses any other folder with 400 validation_error', async () => {
    const folder = await givenFolder(context, given, 'Clients');
    expect((await draft(body({ folder_id: folder.id }))).intake.folder_id).toBe(folder.id);
    const other = await givenAccount(context);
    const foreign = await givenFolder(context, other, 'Theirs');
    for (const folderId of [foreign.id, 'fld_missing']) {
      await expect(draft(body({ folder_id: folderId }))).rejects.toMatchObject({
        code: 'invalid_request',
        reason: 'validation_error',
        details: [{ path: 'folder_id', message: 'is not a folder of this account' }],
      });
    }
  });

  it('counts every drafted intake against the month’s quota: the 11th of the free plan is 402, the next month is fresh', async () => {
    for (let i = 0; i < 10; i += 1) await draft(body(), i % 2 ? given.testKey : given.liveKey);
    const before = writtenState(context);
    await expect(draft(body())).rejects.toMatchObject({
      code: 'quota_exceeded',
      reason: 'intakes',
      params: { limit: 10, period: '2026-11' },
    });
    expect(writtenState(context)).toEqual(before);
    context.clock.set('2026-12-01T00:00:00.000Z');
    await expect(draft(body())).resolves.toBeDefined();
  });

  it('checks the body before the quota, so a refused body is not counted', async () => {
    await detailsOf(body({ items: [] }));
    expect(context.db.usage.rows).toEqual([]);
  });

  it('follows the account’s plan', async () => {
    const solo = await givenAccount(context, { plan: 'solo' });
    for (let i = 0; i < 11; i += 1) {
      await context.db.uow.run(() => drafts.draft(solo.liveKey, body(), context.clock.now()));
    }
    expect(await drafts.planOf(solo.account.id)).toMatchObject({ id: 'solo' });
  });

  it('is 404 for an account that no longer exists', async () => {
    const ghost = { ...given.liveKey, accountId: 'acc_gone' };
    await expect(draft(body(), ghost)).rejects.toMatchObject({ code: 'not_found', message: 'Account was not found.' });
    await expect(drafts.planOf('acc_gone')).rejects.toMatchObject({ code: 'not_found' });
  });
});
