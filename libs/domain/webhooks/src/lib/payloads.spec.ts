import {
  chaseBouncedPayload,
  clientViewedPayload,
  FILE_COUNT_ITEM_TYPES,
  inSpecOrder,
  intakeArchivedPayload,
  intakeCompletedPayload,
  intakeOverduePayload,
  intakeStalledPayload,
  isFileCountItemType,
  isTestPayload,
  itemSubmittedPayload,
  TEST_PAYLOAD_INTAKE_ID,
  testPayload,
  unixSeconds,
  type WebhookPayload,
} from './payloads';

const INTAKE = {
  id: 'in_abcdefghijklmnopqrstuv',
  project_name: 'New website',
  slug: 'new-website-x7',
  account_id: 'acc_1',
};
const NOW = new Date('2026-06-01T10:00:00.999Z');
const T = 1780308000;

describe('unixSeconds', () => {
  it.each`
    at                            | seconds
    ${'2026-06-01T10:00:00.000Z'} | ${1780308000}
    ${'2026-06-01T10:00:00.999Z'} | ${1780308000}
    ${'2026-06-01T10:00:01.000Z'} | ${1780308001}
    ${'1970-01-01T00:00:00.000Z'} | ${0}
  `('$at is $seconds', ({ at, seconds }) => {
    expect(unixSeconds(new Date(at))).toBe(seconds);
  });
});

describe('the payload builders (docs/contract.md "Event kinds": each field, in the table’s order)', () => {
  it.each<[string, WebhookPayload, Record<string, unknown>]>([
    [
      'intake.completed',
      intakeCompletedPayload(INTAKE, NOW),
      { event: 'intake.completed', intake_id: INTAKE.id, project_name: 'New website', timestamp: T },
    ],
    [
      'intake.archived',
      intakeArchivedPayload(INTAKE, NOW),
      { event: 'intake.archived', intake_id: INTAKE.id, project_name: 'New website', timestamp: T },
    ],
    [
      'client.viewed (no timestamp, no IP address)',
      clientViewedPayload(INTAKE),
      { event: 'client.viewed', intake_id: INTAKE.id, slug: 'new-website-x7', project_name: 'New website' },
    ],
    [
      'intake.stalled',
      intakeStalledPayload(INTAKE, ['logo', 'brief'], NOW),
      {
        event: 'intake.stalled',
        intake_id: INTAKE.id,
        project_name: 'New website',
        missing_items: ['logo', 'brief'],
        timestamp: T,
      },
    ],
    [
      'intake.overdue',
      intakeOverduePayload(INTAKE, { due_date: '2026-05-31', outstanding_items: ['logo'] }, NOW),
      {
        event: 'intake.overdue',
        intake_id: INTAKE.id,
        project_name: 'New website',
        due_date: '2026-05-31',
        outstanding_items: ['logo'],
        timestamp: T,
      },
    ],
    [
      'item.submitted of a text item (no file_count)',
      itemSubmittedPayload(INTAKE, { key: 'about', label: 'About you', type: 'longtext', file_count: 2 }, NOW),
      {
        event: 'item.submitted',
        intake_id: INTAKE.id,
        project_name: 'New website',
        item_key: 'about',
        item_label: 'About you',
        item_type: 'longtext',
        timestamp: T,
      },
    ],
    [
      'item.submitted of a file_list item',
      itemSubmittedPayload(INTAKE, { key: 'photos', label: 'Photos', type: 'file_list', file_count: 3 }, NOW),
      {
        event: 'item.submitted',
        intake_id: INTAKE.id,
        project_name: 'New website',
        item_key: 'photos',
        item_label: 'Photos',
        item_type: 'file_list',
        file_count: 3,
        timestamp: T,
      },
    ],
    [
      'item.submitted of a file item without a count (0)',
      itemSubmittedPayload(INTAKE, { key: 'logo', label: 'Logo', type: 'file' }, NOW),
      {
        event: 'item.submitted',
        intake_id: INTAKE.id,
        project_name: 'New website',
        item_key: 'logo',
        item_label: 'Logo',
        item_type: 'file',
        file_count: 0,
        timestamp: T,
      },
    ],
    [
      'item.submitted of an item no longer on the intake',
      itemSubmittedPayload(INTAKE, { key: 'gone', label: null, type: null, file_count: 1 }, NOW),
      {
        event: 'item.submitted',
        intake_id: INTAKE.id,
        project_name: 'New website',
        item_key: 'gone',
        item_label: null,
        item_type: null,
        timestamp: T,
      },
    ],
    [
      'chase.bounced (a bounce)',
      chaseBouncedPayload(
        { intake_id: INTAKE.id, chase_id: 'chs_1', provider_message_id: 'ses-1' },
        {
          event_type: 'bounced',
          recipient: 'c@x.example',
          still_chasing: true,
          bounce_type: 'Transient',
          delivered_before: false,
        },
        NOW,
      ),
      {
        event: 'chase.bounced',
        intake_id: INTAKE.id,
        chase_id: 'chs_1',
        provider_message_id: 'ses-1',
        event_type: 'bounced',
        recipient: 'c@x.example',
        still_chasing: true,
        bounce_type: 'Transient',
        delivered_before: false,
        timestamp: T,
      },
    ],
    [
      'chase.bounced (a complaint: bounce_type null)',
      chaseBouncedPayload(
        { intake_id: INTAKE.id, chase_id: 'chs_2', provider_message_id: 'ses-2' },
        {
          event_type: 'complained',
          recipient: 'c@x.example',
          still_chasing: false,
          bounce_type: null,
          delivered_before: true,
        },
        NOW,
      ),
      {
        event: 'chase.bounced',
        intake_id: INTAKE.id,
        chase_id: 'chs_2',
        provider_message_id: 'ses-2',
        event_type: 'complained',
        recipient: 'c@x.example',
        still_chasing: false,
        bounce_type: null,
        delivered_before: true,
        timestamp: T,
      },
    ],
  ])('%s', (_name, payload, expected) => {
    expect(payload).toEqual(expected);
    expect(Object.keys(payload)).toEqual(Object.keys(expected));
  });

  it('never puts the client’s e-mail, the slug or the account into item.submitted', () => {
    const intake = { ...INTAKE, client: { email: 'client@x.example' } };
    const payload = itemSubmittedPayload(intake, { key: 'logo', label: 'Logo', type: 'image', file_count: 1 }, NOW);
    expect(JSON.stringify(payload)).not.toMatch(/client@x\.example|new-website-x7|acc_1/);
  });

  it('copies the item lists, so the payload does not change with the intake', () => {
    const missing = ['logo'];
    const payload = intakeStalledPayload(INTAKE, missing, NOW);
    missing.push('brief');
    expect(payload.missing_items).toEqual(['logo']);
    const outstanding = ['logo'];
    const overdue = intakeOverduePayload(INTAKE, { due_date: '2026-05-31', outstanding_items: outstanding }, NOW);
    outstanding.push('brief');
    expect(overdue.outstanding_items).toEqual(['logo']);
  });
});

describe('file_count', () => {
  it.each`
    type           | counted
    ${'file'}      | ${true}
    ${'image'}     | ${true}
    ${'file_list'} | ${true}
    ${'text'}      | ${false}
    ${'longtext'}  | ${false}
    ${'choice'}    | ${false}
    ${'FILE'}      | ${false}
    ${null}        | ${false}
  `('is carried for $type: $counted', ({ type, counted }) => {
    expect(isFileCountItemType(type)).toBe(counted);
  });

  it('is for file, image and file_list items', () => {
    expect([...FILE_COUNT_ITEM_TYPES].sort()).toEqual(['file', 'file_list', 'image']);
  });
});

describe('the test payload', () => {
  it('is item.submitted with only intake_id, item_key, message and timestamp', () => {
    expect(testPayload(T)).toEqual({
      event: 'item.submitted',
      intake_id: 'in_webhooktest00000000000',
      item_key: 'test_item',
      message: 'This is a test delivery: your webhook endpoint is set up.',
      timestamp: T,
    });
    expect(Object.keys(testPayload(T))).toEqual(['event', 'intake_id', 'item_key', 'message', 'timestamp']);
  });

  it('has an intake id shaped like one (in_ and 22 URL-safe characters) that no real intake has', () => {
    expect(TEST_PAYLOAD_INTAKE_ID).toMatch(/^in_[A-Za-z0-9_-]{22}$/);
    expect(TEST_PAYLOAD_INTAKE_ID).toContain('test');
  });

  it.each<[string, WebhookPayload, boolean]>([
    ['the test payload', testPayload(T), true],
    ['a real item.submitted', itemSubmittedPayload(INTAKE, { key: 'a', label: 'A', type: 'text' }, NOW), false],
    [
      'a real item.submitted of the test intake id',
      itemSubmittedPayload({ ...INTAKE, id: TEST_PAYLOAD_INTAKE_ID }, { key: 'a', label: 'A', type: 'text' }, NOW),
      false,
    ],
    ['a payload with a message but another intake', { ...testPayload(T), intake_id: INTAKE.id }, false],
  ])('isTestPayload: %s → %s', (_name, payload, expected) => {
    expect(isTestPayload(payload)).toBe(expected);
  });
});

describe('inSpecOrder', () => {
  it.each<[string, WebhookPayload]>([
    ['item.submitted', itemSubmittedPayload(INTAKE, { key: 'p', label: 'P', type: 'image', file_count: 1 }, NOW)],
    ['client.viewed', clientViewedPayload(INTAKE)],
    ['intake.overdue', intakeOverduePayload(INTAKE, { due_date: '2026-05-31', outstanding_items: [] }, NOW)],
    ['intake.stalled', intakeStalledPayload(INTAKE, ['a'], NOW)],
    ['the test payload', testPayload(T)],
    [
      'chase.bounced',
      chaseBouncedPayload(
        { intake_id: INTAKE.id, chase_id: 'chs_1', provider_message_id: 'ses-1' },
        {
          event_type: 'bounced',
          recipient: 'c@x.example',
          still_chasing: true,
          bounce_type: 'Permanent',
          delivered_before: false,
        },
        NOW,
      ),
    ],
  ])(
    'writes a %s payload read back with its keys reordered (as Postgres jsonb does) in the builders’ order',
    (_name, payload) => {
      const reversed = Object.fromEntries(Object.entries(payload).reverse());
      expect(Object.keys(inSpecOrder(reversed))).toEqual(Object.keys(payload));
      expect(inSpecOrder(reversed)).toEqual(payload);
    },
  );

  it('keeps fields it does not know, after the known ones, and adds none', () => {
    expect(Object.entries(inSpecOrder({ extra: 1, timestamp: 2, event: 'x' }))).toEqual([
      ['event', 'x'],
      ['timestamp', 2],
      ['extra', 1],
    ]);
  });
});
