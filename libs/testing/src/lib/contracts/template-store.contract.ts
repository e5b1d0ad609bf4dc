import { type TemplateRecord } from '@intake/application-intakes';
import { aTemplate, type IntakeStoresSetup, present, useIntakeStores } from './intake-stores.fixture';

/**
 * The behaviour every TemplateStore must have: slugs unique per account, listed by name then
 * slug. Writes run in a unit of work, as the use cases run them.
 */
export function describeTemplateStoreContract(name: string, setup: IntakeStoresSetup): void {
  describe(`TemplateStore contract: ${name}`, () => {
    const fixture = useIntakeStores(setup);
    const store = () => fixture().templates;
    const inUnit = <T>(work: () => Promise<T>) => fixture().uow.run(work);

    async function given(...templates: TemplateRecord[]): Promise<void> {
      for (const template of templates) expect(await inUnit(() => store().insert(template))).toBe(true);
    }

    it('reads back a template by its slug, items and settings field for field, in its account only', async () => {
      const accountId = await fixture().createAccount();
      const otherAccountId = await fixture().createAccount();
      const template = aTemplate(accountId, {
        settings: {
          chase_schedule: 'custom',
          chase_interval: 2,
          chase_interval_unit: 'days',
          chase_at_time: null,
          respect_quiet_hours: false,
          max_reminders: 4,
          client_brief: 'Brief',
          email_copy: { subject: 'Files', intro: 'Hello' },
          retention: { mode: 'days', days: 30, anonymize: true },
        },
      });
      await given(template);

      expect(await store().getBySlug(accountId, template.slug)).toEqual(template);
      expect(await store().getBySlug(otherAccountId, template.slug)).toBeUndefined();
      expect(await store().getBySlug(accountId, 'no-such-template')).toBeUndefined();
    });

    it('hands out copies: changing a template given or read changes nothing stored', async () => {
      const accountId = await fixture().createAccount();
      const template = aTemplate(accountId);
      const original = structuredClone(template);
      await given(template);
      present(template.items[0]).label = 'Changed';
      template.settings.chase_schedule = 'off';
      const read = present(await store().getBySlug(accountId, template.slug));
      present(present(read.items[0]).constraints.formats).push('gif');
      present(read.settings.email_copy).subject = 'Changed';
      const [listed] = await store().list(accountId);
      present(listed).items.pop();

      expect(await store().getBySlug(accountId, template.slug)).toEqual(original);
      expect(await store().list(accountId)).toEqual([original]);
    });

    it('refuses a slug the account already has, keeping the unit of work usable; another account may have it', async () => {
      const accountId = await fixture().createAccount();
      const otherAccountId = await fixture().createAccount();
      const first = aTemplate(accountId, { slug: 'website', name: 'Website' });
      const logo = aTemplate(accountId, { slug: 'logo', name: 'Logo' });
      const results = await inUnit(async () => [
        await store().insert(first),
        await store().insert(aTemplate(accountId, { slug: 'website', name: 'Website again' })),
        await store().insert(logo),
      ]);

      expect(results).toEqual([true, false, true]);
      expect(await store().list(accountId)).toEqual([logo, first]);
      expect(await inUnit(() => store().insert(aTemplate(otherAccountId, { slug: 'website' })))).toBe(true);
      expect(await store().getBySlug(accountId, 'website')).toEqual(first);
    });

    it("lists the account's templates by name, then slug", async () => {
      const accountId = await fixture().createAccount();
      const otherAccountId = await fixture().createAccount();
      const webB = aTemplate(accountId, { slug: 'web-b', name: 'Website' });
      const webA = aTemplate(accountId, { slug: 'web-a', name: 'Website' });
      const brand = aTemplate(accountId, { slug: 'z-brand', name: 'Brand' });
      await given(webB, aTemplate(otherAccountId, { slug: 'other', name: 'Another' }), brand, webA);

      expect((await store().list(accountId)).map((t) => t.slug)).toEqual(['z-brand', 'web-a', 'web-b']);
      expect(await store().list(await fixture().createAccount())).toEqual([]);
    });

    it('a unit of work that throws takes its templates back', async () => {
      const accountId = await fixture().createAccount();
      await expect(
        inUnit(async () => {
          await store().insert(aTemplate(accountId));
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');

      expect(await store().list(accountId)).toEqual([]);
      expect(await inUnit(() => store().insert(aTemplate(accountId)))).toBe(true);
    });
  });
}
