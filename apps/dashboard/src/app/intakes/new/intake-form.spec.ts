import { ApiFailure } from '../../api/failures';
import { emptyItem, type ItemDraft } from './item-builder';
import {
  createRequestOf,
  emptyForm,
  formProblems,
  type IntakeFormValues,
  intervalMinutes,
  newIdempotencyKey,
  problemsOfRefusal,
  targetOf,
  withTemplate,
} from './intake-form';

const form = (fields: Partial<IntakeFormValues> = {}): IntakeFormValues => ({
  ...emptyForm(),
  projectName: 'New website',
  clientEmail: 'anna@bakery.example',
  clientName: 'Anna',
  ...fields,
});
const x = (n: number): string => 'x'.repeat(n);
const logo: ItemDraft = { ...emptyItem('image'), key: 'logo', label: 'Logo' };

describe('formProblems', () => {
  it('finds nothing wrong with a project name, a client’s e-mail and name', () => {
    expect(formProblems(form())).toEqual({});
  });

  it('needs the project name, the client’s e-mail and name', () => {
    expect(formProblems(emptyForm())).toEqual({
      project_name: { key: 'form.required' },
      'client.email': { key: 'form.required' },
      'client.name': { key: 'form.required' },
    });
    expect(formProblems(form({ clientName: '   ' }))['client.name']).toEqual({ key: 'form.required' });
    expect(formProblems(form({ clientEmail: 'anna' }))['client.email']).toEqual({ key: 'form.email_invalid' });
  });

  it('takes a project name and a client name of at most 200 characters', () => {
    expect(formProblems(form({ projectName: x(200), clientName: x(200) }))).toEqual({});
    expect(formProblems(form({ projectName: x(201) })).project_name).toEqual({
      key: 'new_intake.problem.too_long',
      params: { n: 200 },
    });
    expect(formProblems(form({ clientName: x(201) }))['client.name']?.key).toBe('new_intake.problem.too_long');
  });

  it('takes an E.164 phone number (7 to 15 digits after +)', () => {
    expect(formProblems(form({ clientPhone: '+4206012' }))['client.phone']).toBeUndefined();
    expect(formProblems(form({ clientPhone: `+4${'2'.repeat(14)}` }))['client.phone']).toBeUndefined();
    for (const phone of ['+420601', `+4${'2'.repeat(15)}`, '420601234567', '+0601234567', '+420 601 234 567']) {
      expect(formProblems(form({ clientPhone: phone }))['client.phone']).toEqual({ key: 'new_intake.problem.phone' });
    }
  });

  it('takes a known time zone', () => {
    expect(formProblems(form({ clientTimezone: 'Europe/Warsaw' }))['client.timezone']).toBeUndefined();
    expect(formProblems(form({ clientTimezone: 'Mars/Olympus' }))['client.timezone']).toEqual({
      key: 'new_intake.problem.timezone',
    });
  });

  it('takes up to 4 additional recipients, each with an e-mail, none twice', () => {
    const recipient = (email: string, name = '') => ({ id: email, email, name });
    const four = ['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example'].map((email) => recipient(email));
    expect(formProblems(form({ alsoNotify: four }))).toEqual({});
    expect(formProblems(form({ alsoNotify: [...four, recipient('e@x.example')] }))['client.also_notify']).toEqual({
      key: 'new_intake.problem.recipients_many',
      params: { n: 4 },
    });
    const problems = formProblems(
      form({
        alsoNotify: [
          recipient(''),
          recipient('nope'),
          recipient('ANNA@bakery.example'),
          recipient('a@x.example', x(201)),
        ],
      }),
    );
    expect(problems['client.also_notify.0.email']).toEqual({ key: 'form.required' });
    expect(problems['client.also_notify.1.email']).toEqual({ key: 'form.email_invalid' });
    expect(problems['client.also_notify.2.email']).toEqual({ key: 'new_intake.problem.recipient_repeated' });
    expect(problems['client.also_notify.3.name']?.key).toBe('new_intake.problem.too_long');
  });

  it('takes a custom interval from 5 minutes to 90 days', () => {
    const custom = (interval: string, intervalUnit: IntakeFormValues['intervalUnit']) =>
      formProblems(form({ schedule: 'custom', interval, intervalUnit })).chase_interval;
    expect(custom('5', 'minutes')).toBeUndefined();
    expect(custom('4', 'minutes')).toEqual({ key: 'new_intake.problem.interval' });
    expect(custom('90', 'days')).toBeUndefined();
    expect(custom('91', 'days')).toEqual({ key: 'new_intake.problem.interval' });
    expect(custom('2160', 'hours')).toBeUndefined();
    expect(custom('2161', 'hours')).toEqual({ key: 'new_intake.problem.interval' });
    expect(custom('', 'days')).toEqual({ key: 'new_intake.problem.interval' });
    expect(custom('1.5', 'days')).toEqual({ key: 'new_intake.problem.interval' });
    // Not checked when the schedule is not custom: it is not sent then.
    expect(formProblems(form({ schedule: 'gentle', interval: '' })).chase_interval).toBeUndefined();
    expect(intervalMinutes({ interval: '2', intervalUnit: 'hours' })).toBe(120);
  });

  it('takes chase_at_time as HH:MM only with a custom interval of whole days', () => {
    const at = (fields: Partial<IntakeFormValues>) =>
      formProblems(form({ chaseAtTime: '09:00', ...fields })).chase_at_time;
    expect(at({ schedule: 'custom', interval: '2', intervalUnit: 'days' })).toBeUndefined();
    expect(at({ schedule: 'custom', interval: '48', intervalUnit: 'hours' })).toBeUndefined();
    expect(at({ schedule: 'custom', interval: '36', intervalUnit: 'hours' })).toEqual({
      key: 'new_intake.problem.at_time_whole_days',
    });
    // Neither asked nor sent with another schedule.
    expect(at({ schedule: 'default' })).toBeUndefined();
    for (const time of ['24:00', '9:00', '09:60', 'noon']) {
      expect(at({ schedule: 'custom', chaseAtTime: time })).toEqual({ key: 'new_intake.problem.time' });
    }
    expect(at({ schedule: 'custom', chaseAtTime: '23:59' })).toBeUndefined();
    expect(at({ schedule: 'custom', chaseAtTime: '00:00' })).toBeUndefined();
  });

  it('takes max_reminders from 1 to 1000, or no limit', () => {
    const max = (maxReminders: string, unlimitedReminders = false) =>
      formProblems(form({ maxReminders, unlimitedReminders })).max_reminders;
    expect(max('1')).toBeUndefined();
    expect(max('1000')).toBeUndefined();
    expect(max('')).toBeUndefined();
    for (const wrong of ['0', '1001', '2.5', 'many']) {
      expect(max(wrong)).toEqual({ key: 'new_intake.problem.whole_number', params: { max: 1000 } });
    }
    expect(max('0', true)).toBeUndefined();
  });

  it('takes a subject of at most 200 and opening lines of at most 2000 characters', () => {
    expect(formProblems(form({ subject: x(200), intro: x(2000) }))).toEqual({});
    const problems = formProblems(form({ subject: x(201), intro: x(2001) }));
    expect(problems['email_copy.subject']).toEqual({ key: 'new_intake.problem.too_long', params: { n: 200 } });
    expect(problems['email_copy.intro']).toEqual({ key: 'new_intake.problem.too_long', params: { n: 2000 } });
  });

  it('takes a client brief of at most 5000 characters once trimmed', () => {
    expect(formProblems(form({ clientBrief: ` ${x(5000)}\n` }))).toEqual({});
    expect(formProblems(form({ clientBrief: x(5001) }))).toEqual({
      client_brief: { key: 'new_intake.problem.too_long', params: { n: 5000 } },
    });
  });

  it('takes a due date as YYYY-MM-DD', () => {
    expect(formProblems(form({ dueDate: '2027-03-31' })).due_date).toBeUndefined();
    expect(formProblems(form({ dueDate: '31.3.2027' })).due_date).toEqual({ key: 'new_intake.problem.date' });
  });
});

describe('createRequestOf', () => {
  it('sends the required fields, the items and the schedule, nothing empty', () => {
    expect(createRequestOf(form({ projectName: ' New website ' }), [logo], false)).toEqual({
      project_name: 'New website',
      client: { email: 'anna@bakery.example', name: 'Anna' },
      items: [{ key: 'logo', type: 'image', label: 'Logo', required: true, assignee: 'client' }],
      send: false,
      chase_schedule: 'default',
      respect_quiet_hours: true,
    });
  });

  it('sends everything filled in', () => {
    const request = createRequestOf(
      form({
        clientPhone: '+420601234567',
        clientLanguage: 'cs',
        clientTimezone: 'Europe/Prague',
        alsoNotify: [
          { id: '1', email: 'eva@bakery.example', name: 'Eva' },
          { id: '2', email: 'petr@bakery.example', name: ' ' },
        ],
        dueDate: '2027-03-31',
        schedule: 'custom',
        interval: '2',
        intervalUnit: 'days',
        chaseAtTime: '09:30',
        respectQuietHours: false,
        maxReminders: '5',
        subject: 'Podklady',
        intro: 'Dobrý den',
        folderId: 'fld_1',
      }),
      [logo],
      true,
    );
    expect(request).toEqual({
      project_name: 'New website',
      client: {
        email: 'anna@bakery.example',
        name: 'Anna',
        phone: '+420601234567',
        language: 'cs',
        timezone: 'Europe/Prague',
        also_notify: [{ email: 'eva@bakery.example', name: 'Eva' }, { email: 'petr@bakery.example' }],
      },
      items: [expect.objectContaining({ key: 'logo' })],
      send: true,
      chase_schedule: 'custom',
      chase_interval: 2,
      chase_interval_unit: 'days',
      chase_at_time: '09:30',
      respect_quiet_hours: false,
      max_reminders: 5,
      due_date: '2027-03-31',
      email_copy: { subject: 'Podklady', intro: 'Dobrý den' },
      folder_id: 'fld_1',
    });
  });

  it('sends unlimited reminders, and no interval unless the schedule is custom', () => {
    const request = createRequestOf(
      form({ unlimitedReminders: true, maxReminders: '5', chaseAtTime: '09:00' }),
      [logo],
      true,
    );
    expect(request.max_reminders).toBe('unlimited');
    expect(request).not.toHaveProperty('chase_interval');
    expect(request).not.toHaveProperty('chase_at_time');
  });
});

describe('createRequestOf and the client brief', () => {
  it('sends the brief trimmed, and none when it is empty (the API would store null)', () => {
    expect(createRequestOf(form({ clientBrief: '  Hi Anna,\nthe plan.  ' }), [logo], false).client_brief).toBe(
      'Hi Anna,\nthe plan.',
    );
    expect('client_brief' in createRequestOf(form({ clientBrief: ' \n ' }), [logo], false)).toBe(false);
  });

  it('places the API’s refusal of the brief on its field', () => {
    expect(targetOf('client_brief')).toEqual({ kind: 'form', field: 'client_brief' });
  });
});

describe('withTemplate', () => {
  const template = (settings: Record<string, unknown>) => ({
    id: 'tpl_1',
    slug: 'website',
    name: 'Website',
    items: [],
    settings,
    created_at: '2026-10-12T07:30:00.000Z',
  });

  it('fills in the template’s chase settings and e-mail copy, keeping the client', () => {
    const next = withTemplate(
      form(),
      template({
        chase_schedule: 'custom',
        chase_interval: 2,
        chase_interval_unit: 'hours',
        respect_quiet_hours: false,
        max_reminders: 7,
        email_copy: { subject: 'Materials', intro: 'Hello' },
      }),
    );
    expect(next).toMatchObject({
      clientEmail: 'anna@bakery.example',
      schedule: 'custom',
      interval: '2',
      intervalUnit: 'hours',
      respectQuietHours: false,
      maxReminders: '7',
      unlimitedReminders: false,
      subject: 'Materials',
      intro: 'Hello',
    });
    expect(withTemplate(form(), template({ max_reminders: 'unlimited' })).unlimitedReminders).toBe(true);
  });

  it('resets what the template leaves out, and ignores values it does not know', () => {
    const next = withTemplate(form({ schedule: 'off', subject: 'Old' }), template({ chase_schedule: 'weekly' }));
    expect(next.schedule).toBe('default');
    expect(next.subject).toBe('');
  });
});

describe('targetOf', () => {
  it('places item details on the item’s field', () => {
    expect(targetOf('items[2].constraints.min_count')).toEqual({ kind: 'item', index: 2, field: 'min_count' });
    expect(targetOf('items[0].options[3]')).toEqual({ kind: 'item', index: 0, field: 'options' });
    expect(targetOf('items[1].constraints.formats[0]')).toEqual({ kind: 'item', index: 1, field: 'formats' });
    expect(targetOf('items[1].schema.properties.vat.type')).toEqual({ kind: 'item', index: 1, field: 'schema' });
    expect(targetOf('items[4].key')).toEqual({ kind: 'item', index: 4, field: 'key' });
    expect(targetOf('items[4]')).toEqual({ kind: 'item', index: 4, field: 'label' });
  });

  it('places the other details on the form’s field, or nowhere', () => {
    expect(targetOf('client.email')).toEqual({ kind: 'form', field: 'client.email' });
    expect(targetOf('client.also_notify[1].email')).toEqual({ kind: 'form', field: 'client.also_notify.1.email' });
    expect(targetOf('email_copy.subject')).toEqual({ kind: 'form', field: 'email_copy.subject' });
    expect(targetOf('chase_interval_unit')).toEqual({ kind: 'form', field: 'chase_interval' });
    expect(targetOf('folder_id')).toEqual({ kind: 'form', field: 'folder_id' });
    expect(targetOf('retention.days')).toEqual({ kind: 'none' });
    expect(targetOf('items')).toEqual({ kind: 'none' });
  });
});

describe('problemsOfRefusal', () => {
  it('puts each detail of a 422 next to its field and counts what it could not place', () => {
    const failure = new ApiFailure(422, {
      error: 'unprocessable',
      message: 'Validation failed',
      request_id: 'req_1',
      reason: 'validation_failed',
      details: [
        { path: 'items[0].constraints.min_width', message: 'must not be greater than 20000' },
        { path: 'client.phone', message: 'must be an E.164 phone number' },
        { path: 'retention.days', message: 'is only accepted with mode days' },
        { path: 'items[9].key', message: 'is required' },
      ],
    });
    const placed = problemsOfRefusal(failure.envelope, [logo]);
    expect(placed.items).toEqual({ [logo.id]: { min_width: { key: 'new_intake.problem.refused' } } });
    expect(placed.form).toEqual({ 'client.phone': { key: 'new_intake.problem.refused' } });
    expect([placed.placed, placed.unplaced]).toEqual([2, 2]);
  });

  it('places nothing for an envelope without details', () => {
    expect(problemsOfRefusal(null, [logo])).toEqual({ form: {}, items: {}, placed: 0, unplaced: 0 });
  });
});

describe('newIdempotencyKey', () => {
  it('is 32 hex digits from 16 random bytes, different each time', () => {
    expect(newIdempotencyKey((length) => new Array<number>(length).fill(171))).toBe('ab'.repeat(16));
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
