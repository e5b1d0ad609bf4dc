import { type TemplateSettings } from '../ports/template-store.port';
import { slugify, withTemplateDefaults } from './template-defaults';

describe('withTemplateDefaults', () => {
  const settings: TemplateSettings = {
    chase_schedule: 'custom',
    chase_interval: 2,
    chase_interval_unit: 'days',
    chase_at_time: '10:00',
    respect_quiet_hours: false,
    max_reminders: 5,
    client_brief: 'From the template',
  };

  it('fills only the fields the request leaves unset', () => {
    const merged = withTemplateDefaults<TemplateSettings & { project_name: string }>(
      { project_name: 'P', max_reminders: 'unlimited', client_brief: undefined },
      settings,
    );
    expect(merged).toEqual({ ...settings, project_name: 'P', max_reminders: 'unlimited' });
  });

  it('takes none of the template’s interval fields when the request picks its own schedule', () => {
    const merged = withTemplateDefaults<TemplateSettings>({ chase_schedule: 'gentle' }, settings);
    expect(merged).toEqual({
      chase_schedule: 'gentle',
      respect_quiet_hours: false,
      max_reminders: 5,
      client_brief: 'From the template',
    });
    expect(settings.chase_interval).toBe(2);
  });

  it('keeps a request field set to null (a deliberate clear)', () => {
    expect(withTemplateDefaults<TemplateSettings>({ client_brief: null }, settings).client_brief).toBeNull();
  });
});

describe('slugify', () => {
  it.each([
    ['Wedding photos 2027!', 'wedding-photos-2027'],
    ['  Příliš žluťoučký kůň ', 'prilis-zlutoucky-kun'],
    ['--Logo & Brand--', 'logo-brand'],
    ['!!!', 'template'],
    ['', 'template'],
  ])('%j → %j', (name, slug) => expect(slugify(name)).toBe(slug));

  it('keeps at most 60 characters and never ends in a dash', () => {
    expect(slugify('a'.repeat(70))).toBe('a'.repeat(60));
    expect(slugify(`${'a'.repeat(59)} b`)).toBe('a'.repeat(59));
  });
});
