import { AccountStore } from '@intake/application-accounts';
import {
  ChaseIntakes,
  ChaseLetters,
  ChaseQueue,
  DeliverChase,
  MailIdentity,
  RecordChase,
  SchedulerIdentity,
  SendDueChases,
} from '@intake/application-chasing';
import { PortalLinks } from '@intake/application-intakes';
import { MailTransport } from '@intake/application-mail';
import { SmsTransport } from '@intake/application-sms';
import { Clock } from '@intake/kernel';
import { construct, decodeBody, decodeHeader, type ReceivedMail, SmtpSink } from '@intake/testing';
import { type Owner, useApi } from './api-test-app';

/**
 * The client's thank-you on completion and the items-added mail, end to end: requests to the api
 * queue them, the scheduler's chase pass (the same classes the scheduler app binds, built from the
 * api's own container: its stores, and its SMTP transport pointed at a sink) sends them, and the
 * sink's messages are read back.
 */
describe('client mails: the thank-you and the items-added notice (real Postgres, Redis and SMTP)', () => {
  const sink = new SmtpSink();
  const api = useApi(
    { TEST_CLOCK: 'enabled', MAIL_FROM: 'Intake <noreply@intake.example>' },
    {
      prepare: async (environment) => {
        await sink.start();
        return { ...environment.env, SMTP_URL: sink.url };
      },
    },
  );
  afterAll(() => sink.stop());

  let owner: Owner;
  let intakeCount = 0;

  beforeAll(async () => {
    owner = await api.owner({ plan: 'studio', testKey: true });
    const named = await api.client.asSession(owner.session, {
      method: 'PATCH',
      url: '/v1/account',
      payload: { name: 'Studio Nova', sender_name: 'Jana' },
    });
    expect(named.statusCode).toBe(200);
  });

  /** The scheduler's chase pass at the shared clock's now. */
  const pass = async (): Promise<number> => {
    const app = api.t.app;
    const get = <T>(token: abstract new (...args: never[]) => T): T => app.get(token as never, { strict: false });
    const letters = new ChaseLetters(get(AccountStore), get(PortalLinks), new MailIdentity('noreply@intake.example'));
    const queue = get(ChaseQueue);
    const delivery = new DeliverChase(
      get(ChaseIntakes),
      queue,
      get(MailTransport),
      get(SmsTransport),
      letters,
      construct(app, RecordChase),
    );
    const clock = get(Clock);
    return new SendDueChases(queue, delivery, new SchedulerIdentity('api-e2e')).run(clock.now());
  };
  const setClock = async (now: string) => {
    const response = await api.t.app.inject({ method: 'POST', url: '/_test/clock', payload: { now } });
    expect(response.statusCode).toBe(200);
  };
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, as = owner.key) =>
    api.client.asKey(as, { method, url, payload });

  /** A Czech client's intake (unique addresses), sent at once; the second additional recipient has bounced. */
  async function newIntake(overrides: object = {}, as = owner.key) {
    intakeCount += 1;
    const client = `anna${intakeCount}@pekarna.example`;
    const assistant = `eva${intakeCount}@pekarna.example`;
    const gone = `gone${intakeCount}@pekarna.example`;
    const response = await call(
      'POST',
      '/v1/intakes',
      {
        project_name: 'Pekárna',
        client: {
          email: client,
          name: 'Anna',
          language: 'cs',
          timezone: 'Europe/Prague',
          also_notify: [{ email: assistant, name: 'Eva' }, { email: gone }],
        },
        items: [
          { key: 'about', type: 'longtext', label: 'O vás' },
          { key: 'invoice', type: 'text', label: 'Vystavit fakturu', assignee: 'owner' },
        ],
        ...overrides,
      },
      as,
    );
    expect(response.statusCode).toBe(201);
    const created = response.json();
    await api.db.query(
      `UPDATE intakes SET also_notify = jsonb_set(also_notify::jsonb, '{1,bounced_at}', to_jsonb(now()))::jsonb
        WHERE id = $1`,
      [created.intake_id],
    );
    const detail = (await call('GET', `/v1/intakes/${created.intake_id}`, undefined, as)).json().intake;
    return {
      id: created.intake_id as string,
      slug: (created.portal_url as string).split('/').pop() as string,
      client,
      assistant,
      detail,
    };
  }

  /** The mails the sink received for this intake's chases of `kind`. */
  async function mailsOf(intakeId: string, kind: 'thank_you' | 'items_added'): Promise<ReceivedMail[]> {
    const { rows } = await api.db.query<{ id: string }>(`SELECT id FROM chases WHERE intake_id = $1 AND kind = $2`, [
      intakeId,
      kind,
    ]);
    const ids = new Set(rows.map((r) => r.id));
    return sink.messages.filter((m) => ids.has(m.headers['x-intake-chase'] ?? ''));
  }
  const chaseStatuses = async (intakeId: string, kind: string) =>
    (
      await api.db.query<{ status: string }>(
        `SELECT status FROM chases WHERE intake_id = $1 AND kind = $2 ORDER BY created_at, id`,
        [intakeId, kind],
      )
    ).rows.map((r) => r.status);
  const submit = (slug: string, key: string, value: string) =>
    api.client.request({ method: 'PUT', url: `/portal/v1/${slug}/items/${key}`, payload: { value } });
  const audit = async (intakeId: string, action: string) =>
    (await call('GET', `/v1/audit?target=${intakeId}&action=${action}`)).json().entries as Array<{
      summary: Record<string, unknown>;
      actor: { type: string };
    }>;

  const expectSentByJana = (mail: ReceivedMail | undefined) => {
    expect(decodeHeader(mail?.headers['from'] ?? '')).toBe('"Jana (Studio Nova)" <noreply@intake.example>');
    expect(mail?.headers['reply-to']).toBe(owner.email);
  };

  it('thanks a Czech client once the last submission completes the intake: in Czech, from the sender, replies to the owner, to the client and the recipients not bounced; once', async () => {
    await setClock('2031-06-04T08:00:00Z'); // a Wednesday, 10:00 in Prague
    const intake = await newIntake();
    expect(intake.detail.send_thank_you).toBeNull();
    await pass(); // the invitation
    expect(await mailsOf(intake.id, 'thank_you')).toEqual([]);
    const done = await submit(intake.slug, 'about', 'Pečeme chleba.');
    expect(done.json()).toMatchObject({ status: 'completed' });
    await pass();
    const [mail, ...more] = await mailsOf(intake.id, 'thank_you');
    expect(more).toEqual([]);
    expect(mail?.to.sort()).toEqual([intake.client, intake.assistant].sort());
    expect(decodeHeader(mail?.subject ?? '')).toBe('Děkujeme – podklady k projektu Pekárna jsou kompletní');
    expectSentByJana(mail);
    const body = decodeBody(mail?.body ?? '');
    expect(body).toContain('Dobrý den, Anna,');
    expect(body).toContain('Děkujeme! Jana má k projektu Pekárna vše potřebné.');
    expect(body).toContain(`/p/${intake.slug}`);

    // Never twice for one completion.
    await pass();
    expect(await mailsOf(intake.id, 'thank_you')).toHaveLength(1);
    // The owner sees it in the audit log; the status endpoint's chases[] keeps to the contract's kinds.
    const entries = await audit(intake.id, 'mail.thank_you');
    expect(entries).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ type: 'system' }),
        summary: expect.objectContaining({ status: 'sent', recipients: [intake.client, intake.assistant] }),
      }),
    ]);
    const status = (await call('GET', `/v1/intakes/${intake.id}/status`)).json();
    expect(status.chases.map((c: { kind: string; status: string }) => [c.kind, c.status])).toEqual([
      ['invite', 'sent'],
      ['reminder', 'cancelled'],
    ]);
  });

  it('holds a thank-you for quiet hours as reminders are held, and thanks again after a reopen and a re-completion (received outside)', async () => {
    await setClock('2031-06-04T18:30:00Z'); // 20:30 in Prague
    const intake = await newIntake();
    await pass();
    expect((await call('POST', `/v1/intakes/${intake.id}/items/about/received-outside`, {})).statusCode).toBe(200);
    expect((await call('GET', `/v1/intakes/${intake.id}`)).json().intake.status).toBe('completed');
    await pass();
    expect(await mailsOf(intake.id, 'thank_you')).toEqual([]);
    await setClock('2031-06-05T05:59:00Z'); // 07:59
    await pass();
    expect(await mailsOf(intake.id, 'thank_you')).toEqual([]);
    await setClock('2031-06-05T06:00:00Z'); // 08:00
    await pass();
    expect(await mailsOf(intake.id, 'thank_you')).toHaveLength(1);

    // Reopened (the mark undone) and completed again: thanked again, once.
    expect((await call('DELETE', `/v1/intakes/${intake.id}/items/about/received-outside`)).statusCode).toBe(200);
    expect((await call('POST', `/v1/intakes/${intake.id}/items/about/received-outside`, {})).statusCode).toBe(200);
    await pass();
    await pass();
    const mails = await mailsOf(intake.id, 'thank_you');
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => decodeHeader(m.subject))).toEqual([
      'Děkujeme – podklady k projektu Pekárna jsou kompletní',
      'Děkujeme – podklady k projektu Pekárna jsou kompletní',
    ]);
  });

  it('withdraws a waiting thank-you when the intake reopens before it went out', async () => {
    await setClock('2031-06-04T18:30:00Z'); // 20:30 in Prague
    const intake = await newIntake();
    await call('POST', `/v1/intakes/${intake.id}/items/about/received-outside`, {});
    await call('DELETE', `/v1/intakes/${intake.id}/items/about/received-outside`);
    await setClock('2031-06-05T06:00:00Z');
    await pass();
    expect(await mailsOf(intake.id, 'thank_you')).toEqual([]);
    expect(await chaseStatuses(intake.id, 'thank_you')).toEqual(['cancelled']);
  });

  it('follows the account’s send_thank_you, which an intake’s own overrides on create and PATCH', async () => {
    await setClock('2031-06-04T08:00:00Z');
    const other = await api.owner({ plan: 'studio' });
    const off = await api.client.asSession(other.session, {
      method: 'PATCH',
      url: '/v1/account',
      payload: { send_thank_you: false },
    });
    expect(off.json().account).toMatchObject({ send_thank_you: false });
    const complete = async (id: string) =>
      expect((await call('POST', `/v1/intakes/${id}/items/about/received-outside`, {}, other.key)).statusCode).toBe(
        200,
      );
    const following = await newIntake({}, other.key);
    const own = await newIntake({ send_thank_you: true }, other.key);
    expect(own.detail.send_thank_you).toBe(true);
    const patched = await newIntake({ send_thank_you: true }, other.key);
    const patch = await call('PATCH', `/v1/intakes/${patched.id}`, { send_thank_you: false }, other.key);
    expect(patch.json().intake.send_thank_you).toBe(false);
    const backToAccount = await newIntake({ send_thank_you: true }, other.key);
    await call('PATCH', `/v1/intakes/${backToAccount.id}`, { send_thank_you: null }, other.key);
    for (const intake of [following, own, patched, backToAccount]) await complete(intake.id);
    await pass();
    expect((await mailsOf(own.id, 'thank_you')).map((m) => m.to.sort())).toEqual([[own.assistant, own.client].sort()]);
    for (const intake of [following, patched, backToAccount]) expect(await mailsOf(intake.id, 'thank_you')).toEqual([]);

    // The owner's account, on by default, and an intake switched off there.
    expect((await call('GET', '/v1/account')).json()).toMatchObject({ account: { send_thank_you: true } });
    const refused = await newIntake({ send_thank_you: false });
    await call('POST', `/v1/intakes/${refused.id}/items/about/received-outside`, {});
    await pass();
    expect(await mailsOf(refused.id, 'thank_you')).toEqual([]);
    expect(await chaseStatuses(refused.id, 'thank_you')).toEqual([]);
  });

  it('refuses a send_thank_you that is not a boolean or null', async () => {
    const response = await call('POST', '/v1/intakes', {
      project_name: 'X',
      client: { email: 'x@client.example', name: 'X' },
      items: [{ key: 'a', type: 'text', label: 'A' }],
      send_thank_you: 'yes',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().details).toEqual([{ path: 'send_thank_you', message: expect.any(String) }]);
  });

  it('never thanks the client of a test intake: recorded skipped and audited, nothing sent', async () => {
    await setClock('2031-06-04T08:00:00Z');
    const intake = await newIntake({}, owner.testKey);
    await submit(intake.slug, 'about', 'Pečeme chleba.');
    await pass();
    expect(await mailsOf(intake.id, 'thank_you')).toEqual([]);
    expect(sink.messages.some((m) => m.to.includes(intake.client))).toBe(false);
    expect(await chaseStatuses(intake.id, 'thank_you')).toEqual(['skipped']);
    const entries = await audit(intake.id, 'mail.thank_you');
    expect(entries.map((e) => e.summary['status'])).toEqual(['skipped']);
  });

  it('tells a Czech client of new items in Czech, from the sender, to the addresses still chased; a test intake’s sends nothing', async () => {
    await setClock('2031-06-04T08:00:00Z');
    const intake = await newIntake();
    await pass();
    const added = await call('POST', `/v1/intakes/${intake.id}/items`, {
      items: [
        { key: 'photos', type: 'file_list', label: 'Fotky týmu' },
        { key: 'contract', type: 'text', label: 'Podepsat smlouvu', assignee: 'owner' },
      ],
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ client_notified: true });
    await pass();
    const [mail, ...more] = await mailsOf(intake.id, 'items_added');
    expect(more).toEqual([]);
    expect(mail?.to.sort()).toEqual([intake.client, intake.assistant].sort());
    expect(decodeHeader(mail?.subject ?? '')).toBe('Další podklady k projektu Pekárna');
    expectSentByJana(mail);
    const body = decodeBody(mail?.body ?? '');
    expect(body).toContain('Jana od vás k projektu Pekárna potřebuje ještě několik dalších věcí.');
    expect(body).toContain('1 nová položka:');
    expect(body).toContain('Fotky týmu');
    expect(body).not.toContain('Podepsat smlouvu');
    expect(body).not.toContain('more items requested');
    expect((await audit(intake.id, 'mail.items_added'))[0]?.summary).toMatchObject({
      status: 'sent',
      item_keys: ['photos'],
    });

    const test = await newIntake({}, owner.testKey);
    const testAdded = await call(
      'POST',
      `/v1/intakes/${test.id}/items`,
      { items: [{ key: 'photos', type: 'file_list', label: 'Fotky týmu' }] },
      owner.testKey,
    );
    expect(testAdded.json()).toMatchObject({ client_notified: false });
    await pass();
    expect(await mailsOf(test.id, 'items_added')).toEqual([]);
    expect(await chaseStatuses(test.id, 'items_added')).toEqual(['skipped']);
  });
});
