import { GetUsage } from '@intake/application-accounts';
import { remindersSent } from '@intake/application-intakes';
import { type OutgoingSms, type SentSms, SmsTransport } from '@intake/application-sms';
import { type Principal } from '@intake/domain-accounts';
import { clockHour } from '@intake/domain-kernel';
import { DomainError } from '@intake/errors';
import {
  type GivenAccount,
  givenAccount,
  givenChase,
  givenIntake,
  type GivenIntake,
  InMemoryContext,
  META,
  storedIntake,
} from '@intake/testing';
import { SendDueChases } from '../sending/send-due-chases';
import { MANUAL_CHASES_PER_ACCOUNT_PER_HOUR } from './manual-chase-limits';
import { type ChaseChannel, RecordManualChase } from './record-manual-chase';

const PHONE = '+420601234567';

/** SMS switched off (SMS_DRIVER=none), as the adapter's DisabledSmsTransport is. */
class SwitchedOffSms extends SmsTransport {
  readonly driver = 'none' as const;
  send(_sms: OutgoingSms): Promise<SentSms> {
    throw new Error('not configured');
  }
  async check(): Promise<void> {
    return undefined;
  }
}

/** The DomainError a promise rejects with, as `{error, reason, ...}`. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return {
      error: error.code,
      reason: error.reason,
      retryAfter: error.retryAfterSeconds,
      details: error.details,
    };
  }
  throw new Error('expected a refusal');
}

describe('RecordManualChase (POST /v1/intakes/:id/chase)', () => {
  let context: InMemoryContext;
  let given: GivenAccount;

  const setup = async (plan: GivenAccount['account']['plan'] = 'solo', sms?: SmsTransport) => {
    context = new InMemoryContext();
    if (sms) context.bind(SmsTransport, sms);
    given = await givenAccount(context, { plan });
  };
  beforeEach(() => setup());

  const intake = async (overrides: GivenIntake = {}) => (await givenIntake(context, given, overrides)).intake;
  const chase = (intakeId: string, channel?: ChaseChannel, principal: Principal = given.liveKey) =>
    context.use(RecordManualChase).execute({ principal, intakeId, channel, meta: META });
  const at = (iso: string) => context.clock.set(new Date(iso));
  const smsUsed = async () => (await context.use(GetUsage).execute(given.account.id)).sms_messages.used;

  it('records an e-mail chase of kind manual, due now, which the next scheduler pass sends to every recipient', async () => {
    const { id } = await intake({
      client_language: 'de',
      also_notify: [{ email: 'eva@client.example', name: 'Eva', bounced_at: null }],
      items: [{ key: 'logo' }, { key: 'about', status: 'approved' }],
    });
    at('2026-11-23T09:20:00.000Z');
    const record = await chase(id);
    expect(record).toEqual({
      id: expect.stringMatching(/^chs_/),
      intake_id: id,
      channel: 'email',
      kind: 'manual',
      status: 'scheduled',
      scheduled_at: new Date('2026-11-23T09:20:00.000Z'),
      sent_at: null,
      attempt_no: 0,
      missing_items_count: 1,
      error: null,
      created_at: new Date('2026-11-23T09:20:00.000Z'),
    });
    expect(storedIntake(context, id).chases).toEqual([record]);
    expect(context.db.auditLog.entries.at(-1)).toMatchObject({
      action: 'intake.chased',
      target_id: id,
      actor_type: 'api_key',
      summary: { intake_id: id, chase_id: record.id, channel: 'email' },
    });
    expect(context.webhooks()).toEqual([]); // a manual chase is no event

    expect(await context.use(SendDueChases).run(context.clock.now())).toBe(1);
    expect(context.mail.sent).toHaveLength(1);
    expect(context.mail.sent[0]).toMatchObject({ to: ['jan@client.example', 'eva@client.example'] });
    expect(context.mail.sent[0]?.subject).toBe('Studio fragt nach den Unterlagen für New website');
    expect(context.mail.sent[0]?.text).toContain('- logo');
    expect(storedIntake(context, id).chases[0]).toMatchObject({ status: 'sent', sent_at: context.clock.now() });
  });

  it('records a test intake’s chase skipped, sends nothing, and counts it against the limits all the same', async () => {
    const { id } = await intake({ by: given.testKey });
    const record = await chase(id, 'email', given.testKey);
    expect(record).toMatchObject({ status: 'skipped', error: expect.stringContaining('test mode') });
    await context.use(SendDueChases).run(context.clock.now());
    expect(context.mail.sent).toEqual([]);
    expect((await refusal(chase(id, 'email', given.testKey))).reason).toBe('manual_chase_intake');
  });

  it('allows one manual chase per intake per clock hour, whatever the channel, with Retry-After to the top of the hour', async () => {
    const { id } = await intake({ client_phone: PHONE });
    at('2026-11-23T09:20:00.000Z');
    await chase(id);
    at('2026-11-23T09:59:59.000Z');
    expect(await refusal(chase(id, 'sms'))).toMatchObject({
      error: 'rate_limited',
      reason: 'manual_chase_intake',
      retryAfter: 1,
    });
    at('2026-11-23T09:30:00.000Z');
    expect(await refusal(chase(id))).toMatchObject({ reason: 'manual_chase_intake', retryAfter: 1800 });
    expect(storedIntake(context, id).chases).toHaveLength(1);
    expect(await smsUsed()).toBe(0); // the refused SMS chase took no credit
    at('2026-11-23T10:00:00.000Z');
    expect((await chase(id, 'sms')).channel).toBe('sms');
  });

  it('allows 20 manual chases per account per clock hour, whatever the channel; the 21st is refused and leaves nothing', async () => {
    const intakes = await Promise.all(
      Array.from({ length: MANUAL_CHASES_PER_ACCOUNT_PER_HOUR + 1 }, () => intake({ client_phone: PHONE })),
    );
    at('2026-11-23T09:45:00.000Z');
    for (const [i, { id }] of intakes.slice(0, MANUAL_CHASES_PER_ACCOUNT_PER_HOUR).entries()) {
      await chase(id, i % 2 ? 'sms' : 'email');
    }
    const last = intakes[MANUAL_CHASES_PER_ACCOUNT_PER_HOUR]?.id ?? '';
    expect(await refusal(chase(last))).toMatchObject({
      error: 'rate_limited',
      reason: 'manual_chase_account',
      retryAfter: 900,
    });
    expect(await refusal(chase(last, 'sms'))).toMatchObject({ reason: 'manual_chase_account' });
    expect(storedIntake(context, last).chases).toEqual([]);
    expect(await smsUsed()).toBe(MANUAL_CHASES_PER_ACCOUNT_PER_HOUR / 2);
    // Another account has its own 20.
    const other = await givenAccount(context, { plan: 'solo' });
    const theirs = await givenIntake(context, other);
    await expect(
      context.use(RecordManualChase).execute({ principal: other.liveKey, intakeId: theirs.intake.id, meta: META }),
    ).resolves.toMatchObject({ kind: 'manual' });
    // The refused intake's own hour was not used up by the refusals.
    expect(await context.counters.read(`manual-chases:intake:${last}`, clockHour(context.clock.now()))).toBe(0);
    at('2026-11-23T10:00:00.000Z');
    expect((await chase(last)).status).toBe('scheduled');
  });

  it('refuses an archived (409 intake_archived), draft (409 not_sent) or completed (409 intake_completed) intake', async () => {
    expect(await refusal(chase((await intake({ status: 'archived' })).id))).toMatchObject({
      error: 'conflict',
      reason: 'intake_archived',
    });
    expect(await refusal(chase((await intake({ status: 'draft' })).id))).toMatchObject({
      error: 'conflict',
      reason: 'not_sent',
    });
    expect(await refusal(chase((await intake({ status: 'completed' })).id))).toMatchObject({
      error: 'conflict',
      reason: 'intake_completed',
    });
    // None of them used the account's hour.
    const hour = clockHour(context.clock.now());
    expect(await context.counters.read(`manual-chases:account:${given.account.id}`, hour)).toBe(0);
  });

  it('refuses an e-mail chase when every address has bounced (409 recipients_bounced), but not when one is left', async () => {
    const now = context.clock.now();
    const bounced = await intake({ client_bounced_at: now });
    expect(await refusal(chase(bounced.id))).toMatchObject({ error: 'conflict', reason: 'recipients_bounced' });
    const oneLeft = await intake({
      client_bounced_at: now,
      also_notify: [{ email: 'eva@client.example', name: null, bounced_at: null }],
    });
    expect((await chase(oneLeft.id)).status).toBe('scheduled');
  });

  it('is 404 for another account’s intake and for a live intake asked by a test key', async () => {
    const other = await givenAccount(context);
    const theirs = await givenIntake(context, other);
    expect((await refusal(chase(theirs.intake.id))).error).toBe('not_found');
    const live = await intake();
    expect((await refusal(chase(live.id, 'email', given.testKey))).error).toBe('not_found');
  });

  it('chases a stalled intake without resuming it, and does not count toward max_reminders', async () => {
    const { id } = await intake({ status: 'in_progress', max_reminders: 2, stalled_at: context.clock.now() });
    await givenChase(context, { id }, { kind: 'reminder', attempt_no: 1 });
    await givenChase(context, { id }, { kind: 'reminder', attempt_no: 2 });
    await chase(id);
    await context.use(SendDueChases).run(context.clock.now());
    const stored = storedIntake(context, id);
    expect(stored.intake.stalled_at).not.toBeNull();
    expect(stored.chases.map((c) => [c.kind, c.status])).toEqual([
      ['reminder', 'sent'],
      ['reminder', 'sent'],
      ['manual', 'sent'],
    ]);
    expect(remindersSent(stored.chases)).toBe(2);
  });

  describe('by SMS', () => {
    it('takes a credit with the chase, shown in the month’s usage', async () => {
      const { id } = await intake({ client_phone: PHONE });
      const record = await chase(id, 'sms');
      expect(record).toMatchObject({ channel: 'sms', kind: 'manual', status: 'scheduled' });
      expect(await smsUsed()).toBe(1);
    });

    it('needs the client’s phone: 422 naming client.phone', async () => {
      const { id } = await intake();
      expect(await refusal(chase(id, 'sms'))).toMatchObject({
        error: 'unprocessable',
        reason: 'validation_failed',
        details: [{ path: 'client.phone', message: expect.stringContaining('required') }],
      });
    });

    it('needs a plan with SMS: 402 plan_required (Free)', async () => {
      await setup('free');
      const { id } = await intake({ client_phone: PHONE });
      expect(await refusal(chase(id, 'sms'))).toMatchObject({ error: 'plan_required', reason: 'sms' });
      expect((await chase(id, 'email')).channel).toBe('email'); // the refusal used no hourly slot
    });

    it('needs a credit: the plan’s last one is taken, then 402 quota_exceeded sms_credits, which rolls nothing in', async () => {
      Object.assign(context.db.usageOf(given.account.id, '2026-11'), { sms_sent: 99 }); // Solo: 100 a month
      const first = await intake({ client_phone: PHONE });
      const second = await intake({ client_phone: PHONE });
      await chase(first.id, 'sms');
      expect(await smsUsed()).toBe(100);
      expect(await refusal(chase(second.id, 'sms'))).toMatchObject({
        error: 'quota_exceeded',
        reason: 'sms_credits',
      });
      expect(storedIntake(context, second.id).chases).toEqual([]);
      expect((await chase(second.id, 'email')).channel).toBe('email');
      at('2026-12-01T00:00:00.000Z'); // a new month, new credits
      expect((await chase(second.id, 'sms')).channel).toBe('sms');
    });

    it('gives the credit back when the hourly limit refuses the chase', async () => {
      const { id } = await intake({ client_phone: PHONE });
      await chase(id, 'email');
      expect((await refusal(chase(id, 'sms'))).reason).toBe('manual_chase_intake');
      expect(await smsUsed()).toBe(0);
    });

    it('answers 503 sms_not_configured for a live chase when no SMS provider is configured', async () => {
      await setup('solo', new SwitchedOffSms());
      const live = await intake({ client_phone: PHONE });
      expect(await refusal(chase(live.id, 'sms'))).toMatchObject({
        error: 'service_unavailable',
        reason: 'sms_not_configured',
      });
      expect(await smsUsed()).toBe(0);
      // A test intake sends nothing, so it needs no provider.
      const test = await intake({ by: given.testKey, client_phone: PHONE });
      expect((await chase(test.id, 'sms', given.testKey)).status).toBe('skipped');
    });

    it('records a test intake’s SMS chase skipped: phone, plan and a credit left are checked, none is taken', async () => {
      const { id } = await intake({ by: given.testKey, client_phone: PHONE });
      expect(await chase(id, 'sms', given.testKey)).toMatchObject({ channel: 'sms', status: 'skipped' });
      expect(await smsUsed()).toBe(0);
      await context.use(SendDueChases).run(context.clock.now());
      expect(context.sms.sent).toEqual([]);
      Object.assign(context.db.usageOf(given.account.id, '2026-11'), { sms_sent: 100 });
      const other = await intake({ by: given.testKey, client_phone: PHONE });
      expect((await refusal(chase(other.id, 'sms', given.testKey))).reason).toBe('sms_credits');
    });
  });
});
