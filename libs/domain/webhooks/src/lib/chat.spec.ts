import fc from 'fast-check';
import { inertForDiscord, inertForSlack, renderBody } from './chat';
import {
  chaseBouncedPayload,
  type ChaseBouncedFields,
  clientViewedPayload,
  intakeArchivedPayload,
  intakeCompletedPayload,
  intakeOverduePayload,
  intakeStalledPayload,
  itemSubmittedPayload,
  testPayload,
  type WebhookPayload,
} from './payloads';

const INTAKE = { id: 'in_abc', project_name: 'New website', slug: 'new-website-x7' };
const NOW = new Date('2026-06-01T10:00:00.000Z');
const IDS = { intake_id: 'in_abc', chase_id: 'chs_1', provider_message_id: 'ses-1' };
const bounce = (fields: Partial<ChaseBouncedFields>) =>
  chaseBouncedPayload(
    IDS,
    {
      event_type: 'bounced',
      recipient: 'client@x.example',
      still_chasing: true,
      bounce_type: 'Permanent',
      delivered_before: false,
      ...fields,
    },
    NOW,
  );

const slack = (payload: WebhookPayload) => JSON.parse(renderBody('slack', payload)) as { text: string };
const discord = (payload: WebhookPayload) =>
  JSON.parse(renderBody('discord', payload)) as { content: string; allowed_mentions: unknown };

describe('the chat sentences (docs/contract.md "Chat formats"), for every event and the test payload', () => {
  const cases: [WebhookPayload, string][] = [
    [
      itemSubmittedPayload(INTAKE, { key: 'about', label: 'About you', type: 'longtext' }, NOW),
      'The client submitted item "about" in project "New website".',
    ],
    [
      itemSubmittedPayload(INTAKE, { key: 'photos', label: 'Photos', type: 'file_list', file_count: 3 }, NOW),
      'The client submitted item "photos" (3 files) in project "New website".',
    ],
    [
      itemSubmittedPayload(INTAKE, { key: 'logo', label: 'Logo', type: 'file', file_count: 1 }, NOW),
      'The client submitted item "logo" (1 file) in project "New website".',
    ],
    [
      itemSubmittedPayload(INTAKE, { key: 'logo', label: 'Logo', type: 'image', file_count: 0 }, NOW),
      'The client submitted item "logo" (0 files) in project "New website".',
    ],
    [intakeCompletedPayload(INTAKE, NOW), 'Project "New website" is complete: every required item is in.'],
    [clientViewedPayload(INTAKE), 'The client opened the portal of project "New website".'],
    [bounce({}), 'A reminder e-mail bounced (a permanent bounce); reminders continue.'],
    [
      bounce({ bounce_type: 'Transient', still_chasing: false }),
      'A reminder e-mail bounced (a temporary bounce); no more reminders will be sent.',
    ],
    [
      bounce({ bounce_type: 'Undetermined' }),
      'A reminder e-mail bounced (a bounce of undetermined kind); reminders continue.',
    ],
    [
      bounce({ event_type: 'complained', bounce_type: null, still_chasing: false }),
      'A reminder e-mail was reported as spam; no more reminders will be sent.',
    ],
    [
      bounce({ event_type: 'complained', bounce_type: null, still_chasing: true }),
      'A reminder e-mail was reported as spam; reminders continue.',
    ],
    [
      intakeStalledPayload(INTAKE, ['logo'], NOW),
      'Project "New website" stalled: the reminders ran out with 1 required item missing (logo).',
    ],
    [
      intakeStalledPayload(INTAKE, ['a', 'b', 'c', 'd', 'e'], NOW),
      'Project "New website" stalled: the reminders ran out with 5 required items missing (a, b, c, d, e).',
    ],
    [
      intakeStalledPayload(INTAKE, ['a', 'b', 'c', 'd', 'e', 'f'], NOW),
      'Project "New website" stalled: the reminders ran out with 6 required items missing (a, b, c, d, e and 1 more).',
    ],
    [
      intakeOverduePayload(INTAKE, { due_date: '2026-05-31', outstanding_items: ['logo', 'brief'] }, NOW),
      'Project "New website" is overdue (due 2026-05-31) with 2 required items outstanding (logo, brief).',
    ],
    [
      intakeOverduePayload(INTAKE, { due_date: '2026-05-31', outstanding_items: [] }, NOW),
      'Project "New website" is overdue (due 2026-05-31) with 0 required items outstanding.',
    ],
    [intakeArchivedPayload(INTAKE, NOW), 'Project "New website" was archived.'],
  ];

  it.each(cases.map(([payload, sentence]) => ({ payload, sentence })))('$sentence', ({ payload, sentence }) => {
    expect(slack(payload)).toEqual({ text: `${sentence}\nIntake: in_abc` });
    expect(discord(payload)).toEqual({
      content: `${sentence}\nIntake: in\\_abc`,
      allowed_mentions: { parse: [] },
    });
  });

  it('renders the test payload from its message, with the test intake on the second line', () => {
    expect(slack(testPayload(1))).toEqual({
      text: 'Test delivery: This is a test delivery: your webhook endpoint is set up.\nIntake: in_webhooktest00000000000',
    });
    expect(discord(testPayload(1)).content).toBe(
      'Test delivery: This is a test delivery: your webhook endpoint is set up.\nIntake: in\\_webhooktest00000000000',
    );
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'a missing project name',
      { event: 'intake.archived', intake_id: 'in_abc', timestamp: 1 },
      'Project "" was archived.',
    ],
    [
      'a null project name',
      { event: 'intake.archived', intake_id: 'in_abc', project_name: null, timestamp: 1 },
      'Project "" was archived.',
    ],
    [
      'an item list that is not a list',
      { event: 'intake.stalled', intake_id: 'in_abc', project_name: 'P', missing_items: 'logo', timestamp: 1 },
      'Project "P" stalled: the reminders ran out with 0 required items missing.',
    ],
    [
      'one outstanding item',
      {
        event: 'intake.overdue',
        intake_id: 'in_abc',
        project_name: 'P',
        due_date: '2026-05-31',
        outstanding_items: ['logo'],
      },
      'Project "P" is overdue (due 2026-05-31) with 1 required item outstanding (logo).',
    ],
    [
      'a bounce type it does not know',
      { ...bounce({}), bounce_type: 'Soft' },
      'A reminder e-mail bounced (a bounce); reminders continue.',
    ],
  ])('copes with a stored payload with %s', (_name, stored, sentence) => {
    expect(slack(stored as unknown as WebhookPayload).text).toBe(`${sentence}\nIntake: in_abc`);
  });

  it('names an event it does not know by its name only', () => {
    const unknown = { event: 'intake.renamed', intake_id: 'in_abc', project_name: 'P' } as unknown as WebhookPayload;
    expect(slack(unknown).text).toBe('Event "intake.renamed".\nIntake: in_abc');
  });

  it('never carries the portal link, the slug or an e-mail address', () => {
    const payloads: WebhookPayload[] = [
      clientViewedPayload(INTAKE),
      bounce({}),
      itemSubmittedPayload(INTAKE, { key: 'a', label: 'A', type: 'text' }, NOW),
    ];
    for (const payload of payloads) {
      for (const body of [renderBody('slack', payload), renderBody('discord', payload)]) {
        expect(body).not.toMatch(/new-website-x7|client@x\.example|https?:|ses-1|chs_1/);
      }
    }
  });
});

describe('the raw format', () => {
  it('is the payload as JSON, fields in the spec’s order whatever order they were stored in', () => {
    const payload = intakeOverduePayload(INTAKE, { due_date: '2026-05-31', outstanding_items: ['logo'] }, NOW);
    expect(renderBody('raw', payload)).toBe(JSON.stringify(payload));
    const stored = Object.fromEntries(Object.entries(payload).reverse()) as unknown as WebhookPayload;
    expect(renderBody('raw', stored)).toBe(
      '{"event":"intake.overdue","intake_id":"in_abc","project_name":"New website","due_date":"2026-05-31","outstanding_items":["logo"],"timestamp":1780308000}',
    );
  });

  it('leaves the values as they are (no chat escaping)', () => {
    const payload = intakeArchivedPayload({ id: 'in_abc', project_name: '<!channel> & @here' }, NOW);
    expect(JSON.parse(renderBody('raw', payload))).toEqual(payload);
  });
});

const ZW = '\u200b';

describe('mentions made inert', () => {
  it.each`
    text                            | slackText                            | discordText
    ${'<!channel>'}                 | ${'&lt;!channel&gt;'}                | ${`<${ZW}!channel>`}
    ${'<!here>'}                    | ${'&lt;!here&gt;'}                   | ${`<${ZW}!here>`}
    ${'<!everyone>'}                | ${'&lt;!everyone&gt;'}               | ${`<${ZW}!everyone>`}
    ${'@everyone'}                  | ${`@${ZW}everyone`}                  | ${`@${ZW}everyone`}
    ${'@here'}                      | ${`@${ZW}here`}                      | ${`@${ZW}here`}
    ${'@channel'}                   | ${`@${ZW}channel`}                   | ${`@${ZW}channel`}
    ${'<@U123>'}                    | ${`&lt;@${ZW}U123&gt;`}              | ${`<${ZW}@${ZW}U123>`}
    ${'<@!1234>'}                   | ${`&lt;@${ZW}!1234&gt;`}             | ${`<${ZW}@${ZW}!1234>`}
    ${'<@&5678>'}                   | ${`&lt;@${ZW}&amp;5678&gt;`}         | ${`<${ZW}@${ZW}&5678>`}
    ${'<#C1>'}                      | ${'&lt;#C1&gt;'}                     | ${`<${ZW}#C1>`}
    ${'</deploy:42>'}               | ${'&lt;/deploy:42&gt;'}              | ${`<${ZW}/deploy:42>`}
    ${'<https://x.example|click>'}  | ${'&lt;https://x.example|click&gt;'} | ${`<${ZW}https://x.example\\|click>`}
    ${'[click](https://x.example)'} | ${'[click](https://x.example)'}      | ${'\\[click\\](https://x.example)'}
    ${'||spoiler||'}                | ${'||spoiler||'}                     | ${'\\|\\|spoiler\\|\\|'}
    ${'`code` *b* _i_ ~s~ \\'}      | ${'`code` *b* _i_ ~s~ \\'}           | ${'\\`code\\` \\*b\\* \\_i\\_ \\~s\\~ \\\\'}
    ${'Q&A'}                        | ${'Q&amp;A'}                         | ${'Q&A'}
    ${'plain words'}                | ${'plain words'}                     | ${'plain words'}
  `('$text', ({ text, slackText, discordText }) => {
    expect(inertForSlack(text)).toBe(slackText);
    expect(inertForDiscord(text)).toBe(discordText);
  });

  it.each(['<!channel>', '@everyone', '@here', '<@U123>', '<#C1>'])(
    'a project name or item key %s pings nobody in either chat',
    (mention) => {
      const payload = itemSubmittedPayload(
        { id: 'in_abc', project_name: `Launch ${mention}` },
        { key: `key${mention}`, label: 'L', type: 'text' },
        NOW,
      );
      const text = slack(payload).text;
      const content = discord(payload).content;
      expect(text).not.toContain(mention);
      expect(content).not.toContain(mention);
      expect(discord(payload).allowed_mentions).toEqual({ parse: [] });
    },
  );

  it('keeps every value on its line: a line break in a name cannot fake the intake line', () => {
    const payload = intakeArchivedPayload({ id: 'in_abc', project_name: 'A\nIntake: in_fake\r\n\u2028B\tC' }, NOW);
    expect(slack(payload).text).toBe('Project "A Intake: in_fake B C" was archived.\nIntake: in_abc');
  });

  it.each`
    length | shown
    ${150} | ${'a'.repeat(150)}
    ${151} | ${`${'a'.repeat(149)}…`}
  `('clips a project name of $length characters', ({ length, shown }) => {
    const payload = intakeArchivedPayload({ id: 'in_abc', project_name: 'a'.repeat(length) }, NOW);
    expect(slack(payload).text).toBe(`Project "${shown}" was archived.\nIntake: in_abc`);
  });

  it.each`
    length | shown
    ${64}  | ${'k'.repeat(64)}
    ${65}  | ${`${'k'.repeat(63)}…`}
  `('clips an item key of $length characters', ({ length, shown }) => {
    const payload = intakeStalledPayload(INTAKE, ['k'.repeat(length)], NOW);
    expect(slack(payload).text).toContain(`(${shown}).`);
  });

  it('clips by characters, never splitting one', () => {
    const payload = intakeArchivedPayload({ id: 'in_abc', project_name: '😀'.repeat(200) }, NOW);
    expect(slack(payload).text).toBe(`Project "${'😀'.repeat(149)}…" was archived.\nIntake: in_abc`);
  });
});

const hostile = fc.string({
  unit: fc.constantFrom(
    '<',
    '>',
    '@',
    '!',
    '#',
    '&',
    'e',
    'v',
    'r',
    'y',
    'o',
    'n',
    'h',
    'U',
    '1',
    '|',
    '[',
    ']',
    '(',
    ')',
    '\n',
    ' ',
    '*',
    '\\',
  ),
  maxLength: 400,
});
const anyPayload = fc
  .tuple(hostile, hostile, fc.array(hostile, { maxLength: 20 }), fc.constantFrom(0, 1, 2, 3, 4))
  .map(([project, key, keys, kind]): WebhookPayload => {
    const intake = { id: 'in_abc', project_name: project, slug: key };
    switch (kind) {
      case 0:
        return itemSubmittedPayload(intake, { key, label: key, type: 'file', file_count: 2 }, NOW);
      case 1:
        return intakeStalledPayload(intake, keys, NOW);
      case 2:
        return intakeOverduePayload(intake, { due_date: key, outstanding_items: keys }, NOW);
      case 3:
        return clientViewedPayload(intake);
      default:
        return intakeCompletedPayload(intake, NOW);
    }
  });

describe('mentions never survive rendering (property)', () => {
  it('Slack: no `<` at all, every `@` broken, two lines', () => {
    fc.assert(
      fc.property(anyPayload, (payload) => {
        const { text } = slack(payload);
        return !text.includes('<') && !/@(?!\u200b)/.test(text) && text.split('\n').length === 2;
      }),
    );
  });

  it('Discord: every `@` and `<` broken, allowed_mentions empty, two lines, within the 2,000-character limit', () => {
    fc.assert(
      fc.property(anyPayload, (payload) => {
        const body = discord(payload);
        return (
          !/[@<](?!\u200b)/.test(body.content) &&
          !/@(everyone|here)|<[@#]/.test(body.content) &&
          JSON.stringify(body.allowed_mentions) === '{"parse":[]}' &&
          body.content.split('\n').length === 2 &&
          body.content.length <= 2000
        );
      }),
    );
  });
});
