import { type OwnerAlert } from '@intake/application-intakes';
import {
  type GivenAccount,
  givenAccount,
  givenChase,
  givenIntake,
  givenMember,
  InMemoryContext,
  storedIntake,
} from '@intake/testing';
import { NotifyOwner } from './notify-owner';

describe('NotifyOwner', () => {
  let context: InMemoryContext;

  beforeEach(() => {
    context = new InMemoryContext();
  });

  async function notify(given: GivenAccount, alert: OwnerAlert, by = given.liveKey) {
    const { intake } = await givenIntake(context, given, {
      by,
      client_name: 'Anna',
      client_email: 'anna@bakery.example',
      items: [
        { key: 'logo', label: 'Logo' },
        { key: 'about', label: 'About us' },
      ],
    });
    const { items } = storedIntake(context, intake.id);
    await context.use(NotifyOwner).notify(intake, items, alert, context.clock.now());
    return intake;
  }
  const recipients = () => context.ownerNotices.rows.map((n) => n.recipient);

  it('queues one notice for the owner, saying what the mail will say, due at once', async () => {
    const given = await givenAccount(context);
    const owner = (await context.accounts.listUsers(given.account.id))[0];
    const intake = await notify(given, { kind: 'intake_completed' });
    expect(context.ownerNotices.rows).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(/^ntf_/),
        account_id: given.account.id,
        intake_id: intake.id,
        mode: 'live',
        recipient: owner?.email,
        mail: {
          kind: 'intake_completed',
          project_name: 'New website',
          client: { name: 'Anna', email: 'anna@bakery.example' },
        },
        status: 'pending',
        due_at: context.clock.now(),
      }),
    ]);
  });

  it('queues one for every member too with notify_members, and for nobody but the owner without', async () => {
    const quiet = await givenAccount(context);
    await givenMember(context, quiet);
    await notify(quiet, { kind: 'intake_completed' });
    expect(context.ownerNotices.rows).toHaveLength(1);

    const team = await givenAccount(context, { notify_members: true });
    await givenMember(context, team);
    await givenMember(context, team);
    await notify(team, { kind: 'intake_completed' });
    const people = (await context.accounts.listUsers(team.account.id)).map((u) => u.email).sort();
    expect(recipients().slice(1).sort()).toEqual(people);
    expect(people).toHaveLength(3);
  });

  it.each<[string, OwnerAlert]>([
    ['notify_on_completed', { kind: 'intake_completed' }],
    ['notify_on_stalled', { kind: 'intake_stalled', missing_items: ['logo'] }],
    ['notify_on_overdue', { kind: 'intake_overdue', due_date: '2027-01-31', outstanding_items: ['logo'] }],
    [
      'notify_on_bounced',
      { kind: 'client_bounced', address: 'a@x.example', event_type: 'bounced', still_chasing: true },
    ],
  ])('queues nothing when %s is off, for the owner or anyone', async (setting, alert) => {
    const given = await givenAccount(context, { [setting]: false, notify_members: true });
    await givenMember(context, given);
    await notify(given, alert);
    expect(context.ownerNotices.rows).toEqual([]);
    // The same news on an account with the defaults reaches the owner and the member.
    const others = await givenAccount(context, { notify_members: true });
    await givenMember(context, others);
    await notify(others, alert);
    expect(context.ownerNotices.rows).toHaveLength(2);
  });

  it('names the missing items by label and counts the reminders sent for a stall', async () => {
    const given = await givenAccount(context);
    const { intake } = await givenIntake(context, given, {
      items: [
        { key: 'logo', label: 'Logo' },
        { key: 'about', label: 'About us' },
      ],
    });
    await givenChase(context, intake, { kind: 'invite', attempt_no: 0 });
    await givenChase(context, intake, { attempt_no: 1 });
    await givenChase(context, intake, { attempt_no: 2 });
    await givenChase(context, intake, { kind: 'manual', attempt_no: 0 });
    // No items given: the notifier reads them.
    await context
      .use(NotifyOwner)
      .notify(intake, [], { kind: 'intake_stalled', missing_items: ['about', 'gone'] }, context.clock.now());
    expect(context.ownerNotices.rows[0]?.mail).toEqual({
      kind: 'intake_stalled',
      project_name: 'New website',
      client: { name: 'Jan', email: 'jan@client.example' },
      reminders_sent: 2,
      missing_items: ['About us', 'gone'],
    });
  });

  it('carries an overdue intake’s due date and a bounce’s details', async () => {
    const given = await givenAccount(context);
    await notify(given, { kind: 'intake_overdue', due_date: '2027-01-31', outstanding_items: ['logo', 'about'] });
    await notify(given, {
      kind: 'client_bounced',
      address: 'anna@bakery.example',
      event_type: 'complained',
      still_chasing: false,
    });
    expect(context.ownerNotices.rows.map((n) => n.mail)).toEqual([
      expect.objectContaining({
        kind: 'intake_overdue',
        due_date: '2027-01-31',
        outstanding_items: ['Logo', 'About us'],
      }),
      expect.objectContaining({
        kind: 'client_bounced',
        address: 'anna@bakery.example',
        event_type: 'complained',
        still_chasing: false,
      }),
    ]);
  });

  it('notifies about a test intake too, marked with its mode', async () => {
    const given = await givenAccount(context);
    await notify(given, { kind: 'intake_completed' }, given.testKey);
    expect(context.ownerNotices.rows).toEqual([expect.objectContaining({ mode: 'test' })]);
  });
});
