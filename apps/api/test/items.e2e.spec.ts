import { type Session } from './accounts-client';
import { useApi } from './api-test-app';

const ITEMS = [
  { key: 'about', type: 'longtext', label: 'About you', constraints: { max_chars: 500 } },
  { key: 'logo', type: 'image', label: 'Logo' },
  { key: 'invoice', type: 'text', label: 'Send the invoice', assignee: 'owner' },
  {
    key: 'style',
    type: 'select',
    label: 'Style',
    assignee: 'owner',
    options: ['clean', 'bold'],
    proposed: { value: 'bold', rationale: 'matches the brand' },
  },
];

describe('item operations (real Postgres and Redis)', () => {
  const api = useApi();
  let owner: { session: Session; accountId: string };
  let key: string;

  beforeAll(async () => {
    owner = await api.client.owner();
    await api.db.query(`UPDATE accounts SET plan = 'agency' WHERE id = $1`, [owner.accountId]);
    key = (await api.client.createKey(owner.session, ['admin'])).key;
  });

  const newIntake = async (overrides: object = {}, as = key) =>
    (
      await api.client.asKey(as, {
        method: 'POST',
        url: '/v1/intakes',
        payload: {
          project_name: 'Site',
          client: { email: 'c@client.example', name: 'C' },
          items: ITEMS,
          ...overrides,
        },
      })
    ).json().intake_id as string;
  const call = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object, as = key) =>
    api.client.asKey(as, { method, url, payload });
  /** What the portal will do (issue #5): the client submits a value. */
  const clientSubmits = (id: string, itemKey: string, value: unknown) =>
    api.db.query(
      `UPDATE items SET status = 'submitted', value = $3, submitted_at = now() WHERE intake_id = $1 AND key = $2`,
      [id, itemKey, JSON.stringify(value)],
    );
  const detail = async (id: string) => (await call('GET', `/v1/intakes/${id}`)).json();

  it('adds items and queues the client’s e-mail; a key the intake has is 422', async () => {
    const id = await newIntake();
    const added = await call('POST', `/v1/intakes/${id}/items`, {
      items: [{ key: 'photos', type: 'file_list', label: 'Team photos' }],
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      intake_id: id,
      items_added: [{ key: 'photos', status: 'pending' }],
      client_notified: true,
    });
    // Queued as a chase of kind items_added, which the scheduler sends (client-mails.e2e.spec.ts reads it).
    const queued = await api.db.query(
      `SELECT status, item_keys FROM chases WHERE intake_id = $1 AND kind = 'items_added'`,
      [id],
    );
    expect(queued.rows).toEqual([{ status: 'scheduled', item_keys: ['photos'] }]);

    const clash = await call('POST', `/v1/intakes/${id}/items`, {
      items: [{ key: 'about', type: 'text', label: 'Again' }],
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().details).toEqual([{ path: 'items[0].key', message: expect.any(String) }]);
    const invalid = await call('POST', `/v1/intakes/${id}/items`, {
      items: [{ key: 'n', type: 'longtext', label: 'N', constraints: { min_count: 2 } }],
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().details[0].path).toBe('items[0].constraints.min_count');
  });

  it('approve: a submitted item → approved; any other status 409', async () => {
    const id = await newIntake();
    expect((await call('POST', `/v1/intakes/${id}/items/about/approve`, {})).statusCode).toBe(409);
    await clientSubmits(id, 'about', 'We bake bread.');
    const approved = await call('POST', `/v1/intakes/${id}/items/about/approve`, { note: 'thanks' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().item).toMatchObject({
      key: 'about',
      status: 'approved',
      value: 'We bake bread.',
      approved_at: expect.any(String),
    });
  });

  it('revision: back to the client with a note and a revision chase; 409 while pending; 402 on the free plan', async () => {
    const id = await newIntake();
    expect(
      (await call('POST', `/v1/intakes/${id}/revision`, { item_key: 'about', note: 'Longer please' })).statusCode,
    ).toBe(409);
    await clientSubmits(id, 'about', 'Short.');
    const revised = await call('POST', `/v1/intakes/${id}/revision`, { item_key: 'about', note: 'Longer please' });
    expect(revised.statusCode).toBe(200);
    expect(revised.json()).toEqual({
      intake_id: id,
      item_key: 'about',
      status: 'needs_revision',
      client_notified: true,
    });
    const item = (await detail(id)).items.find((i: { key: string }) => i.key === 'about');
    expect(item).toMatchObject({ status: 'needs_revision', revision_note: 'Longer please', revision_count: 1 });
    const status = (await call('GET', `/v1/intakes/${id}/status`)).json();
    expect(status.chases.map((c: { kind: string; status: string }) => [c.kind, c.status])).toEqual([
      ['invite', 'scheduled'],
      ['reminder', 'scheduled'],
      ['revision', 'scheduled'],
    ]);

    const free = await api.client.owner();
    const freeKey = (await api.client.createKey(free.session)).key;
    const freeIntake = await newIntake({}, freeKey);
    await clientSubmits(freeIntake, 'about', 'x');
    const refused = await call('POST', `/v1/intakes/${freeIntake}/revision`, { item_key: 'about', note: 'n' }, freeKey);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toBe('plan_required');
  });

  it('done: owner items tick on and off; client items are 400', async () => {
    const id = await newIntake();
    expect((await call('POST', `/v1/intakes/${id}/items/invoice/done`, {})).json()).toEqual({
      key: 'invoice',
      done: true,
      status: 'approved',
    });
    expect((await detail(id)).owner_tasks).toEqual({ done: 1, total: 2 });
    expect((await call('POST', `/v1/intakes/${id}/items/invoice/done`, { done: false })).json()).toEqual({
      key: 'invoice',
      done: false,
      status: 'pending',
    });
    const refused = await call('POST', `/v1/intakes/${id}/items/about/done`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('invalid_request');
  });

  it('received outside completes the intake (intake.completed in the outbox); undoing it reopens it', async () => {
    const id = await newIntake();
    await clientSubmits(id, 'about', 'Text');
    const marked = await call('POST', `/v1/intakes/${id}/items/logo/received-outside`, { note: 'on a USB stick' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({
      key: 'logo',
      status: 'approved',
      received_outside: true,
      intake_status: 'completed',
    });
    const { rows } = await api.db.query(
      `SELECT payload->'payload'->>'event' AS event FROM outbox_messages WHERE payload->'payload'->>'intake_id' = $1`,
      [id],
    );
    expect(rows.map((r) => r.event)).toEqual(['intake.completed']);
    expect((await detail(id)).progress).toEqual({ submitted: 2, total: 2, outstanding: 0, percent: 100 });

    expect((await call('POST', `/v1/intakes/${id}/items/logo/received-outside`, {})).statusCode).toBe(409);
    expect((await call('POST', `/v1/intakes/${id}/items/invoice/received-outside`, {})).statusCode).toBe(400);
    const undone = await call('DELETE', `/v1/intakes/${id}/items/logo/received-outside`);
    expect(undone.json()).toEqual({
      key: 'logo',
      status: 'pending',
      received_outside: false,
      intake_status: 'in_progress',
    });
    expect((await call('DELETE', `/v1/intakes/${id}/items/logo/received-outside`)).statusCode).toBe(404);
  });

  it('answer: sessions settle decision items with one of the options', async () => {
    const id = await newIntake();
    const byKey = await call('POST', `/v1/intakes/${id}/items/style/answer`, { value: 'clean' });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().reason).toBe('session_only');
    const answer = (itemKey: string, value: unknown) =>
      api.client.asSession(owner.session, {
        method: 'POST',
        url: `/v1/intakes/${id}/items/${itemKey}/answer`,
        payload: { value },
      });
    expect((await detail(id)).items.find((i: { key: string }) => i.key === 'style').decision).toEqual({
      decided_by: 'agent',
      value: null,
      proposed_value: 'bold',
      proposed_rationale: 'matches the brand',
    });
    const wrong = await answer('style', 'neon');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().details[0].path).toBe('value');
    const answered = await answer('style', 'clean');
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ key: 'style', value: 'clean', status: 'approved', decided_by: 'owner' });
    expect((await answer('about', 'x')).statusCode).toBe(400);
  });

  it('waive, waiver decisions and unwaive', async () => {
    const id = await newIntake();
    const waived = await call('POST', `/v1/intakes/${id}/items/logo/waive`, { reason: 'no logo yet' });
    expect(waived.json().item).toMatchObject({
      status: 'waived',
      waiver: { state: 'accepted', reason: 'no logo yet', requested_by: 'owner' },
    });
    expect((await call('POST', `/v1/intakes/${id}/items/logo/waive`, {})).statusCode).toBe(409);
    expect((await detail(id)).progress).toEqual({ submitted: 0, total: 1, outstanding: 1, percent: 0 });
    const unwaived = await call('DELETE', `/v1/intakes/${id}/items/logo/waive`);
    expect(unwaived.json().item).toMatchObject({ status: 'pending', waiver: { state: 'none' } });

    expect((await call('POST', `/v1/intakes/${id}/items/about/waive/decision`, { accept: true })).statusCode).toBe(409);
    // The client proposes (portal, issue #5).
    await api.db.query(
      `UPDATE items SET waiver = '{"state":"pending","reason":"we have none","requested_by":"client","requested_at":"2026-01-01T00:00:00Z","decided_at":null}' WHERE intake_id = $1 AND key = 'about'`,
      [id],
    );
    const rejected = await call('POST', `/v1/intakes/${id}/items/about/waive/decision`, {
      accept: false,
      note: 'we need it',
    });
    expect(rejected.json().item).toMatchObject({ status: 'pending', waiver: { state: 'none' } });
    await api.db.query(
      `UPDATE items SET waiver = '{"state":"pending","reason":"we have none","requested_by":"client","requested_at":"2026-01-01T00:00:00Z","decided_at":null}' WHERE intake_id = $1 AND key = 'about'`,
      [id],
    );
    const accepted = await call('POST', `/v1/intakes/${id}/items/about/waive/decision`, { accept: true });
    expect(accepted.json().item).toMatchObject({
      status: 'waived',
      waiver: { state: 'accepted', reason: 'we have none', requested_by: 'client' },
    });
    const { rows } = await api.db.query(
      `SELECT summary FROM audit_entries WHERE action = 'item.waiver_rejected' AND summary->>'intake_id' = $1`,
      [id],
    );
    expect(rows[0].summary).toMatchObject({ item_key: 'about', note: 'we need it' });
  });

  it('PATCH keeps a still-valid answer, refuses to discard one silently, and discards on request', async () => {
    const id = await newIntake();
    await clientSubmits(id, 'about', 'A'.repeat(300));
    const relabelled = await call('PATCH', `/v1/intakes/${id}/items/about`, {
      label: 'Tell us about you',
      owner_note: 'check tone',
    });
    expect(relabelled.statusCode).toBe(200);
    expect(relabelled.json().item).toMatchObject({
      label: 'Tell us about you',
      status: 'submitted',
      value: 'A'.repeat(300),
      owner_note: 'check tone',
    });

    const tighter = await call('PATCH', `/v1/intakes/${id}/items/about`, { constraints: { max_chars: 100 } });
    expect(tighter.statusCode).toBe(409);
    expect(tighter.json().error).toBe('item_answer_would_be_discarded');
    expect((await detail(id)).items.find((i: { key: string }) => i.key === 'about')).toMatchObject({
      status: 'submitted',
      constraints: { max_chars: 500 },
    });

    const discarded = await call('PATCH', `/v1/intakes/${id}/items/about`, {
      constraints: { max_chars: 100 },
      discard_submitted_value: true,
    });
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json().item).toMatchObject({ status: 'pending', value: null, constraints: { max_chars: 100 } });

    expect((await call('PATCH', `/v1/intakes/${id}/items/about`, {})).statusCode).toBe(400);
    const rekey = await call('PATCH', `/v1/intakes/${id}/items/about`, { key: 'other' });
    expect(rekey.statusCode).toBe(422);
    expect(rekey.json().details[0].path).toBe('key');
    const bad = await call('PATCH', `/v1/intakes/${id}/items/about`, { constraints: { min_width: 10 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().details[0].path).toBe('constraints.min_width');
    expect((await call('PATCH', `/v1/intakes/${id}/items/nope`, { label: 'x' })).statusCode).toBe(404);
  });

  it('every item operation on an archived intake is 409 intake_archived', async () => {
    const id = await newIntake();
    await call('POST', `/v1/intakes/${id}/archive`);
    const ops: Array<[method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object]> = [
      ['POST', `/v1/intakes/${id}/items`, { items: [{ key: 'new', type: 'text', label: 'New' }] }],
      ['POST', `/v1/intakes/${id}/items/about/approve`, {}],
      ['PATCH', `/v1/intakes/${id}/items/about`, { label: 'x' }],
      ['POST', `/v1/intakes/${id}/revision`, { item_key: 'about', note: 'n' }],
      ['POST', `/v1/intakes/${id}/items/invoice/done`, {}],
      ['POST', `/v1/intakes/${id}/items/logo/received-outside`, {}],
      ['DELETE', `/v1/intakes/${id}/items/logo/received-outside`],
      ['POST', `/v1/intakes/${id}/items/logo/waive`, {}],
      ['POST', `/v1/intakes/${id}/items/logo/waive/decision`, { accept: true }],
      ['DELETE', `/v1/intakes/${id}/items/logo/waive`],
    ];
    for (const [method, url, payload] of ops) {
      const response = await call(method, url, payload);
      expect([method, url, response.statusCode, response.json().reason]).toEqual([method, url, 409, 'intake_archived']);
    }
  });

  it('another account, another mode and a missing scope', async () => {
    const id = await newIntake();
    const testKey = (await api.client.createKey(owner.session, ['admin'], 'test')).key;
    const reader = (await api.client.createKey(owner.session, ['intakes:read'])).key;
    const other = await api.client.owner();
    const otherKey = (await api.client.createKey(other.session)).key;
    expect((await call('POST', `/v1/intakes/${id}/items/logo/waive`, {}, otherKey)).statusCode).toBe(404);
    expect((await call('POST', `/v1/intakes/${id}/items/logo/waive`, {}, testKey)).statusCode).toBe(404);
    expect((await call('POST', `/v1/intakes/${id}/items/logo/waive`, {}, reader)).statusCode).toBe(403);
    expect((await call('POST', `/v1/intakes/${id}/items/nope/waive`, {})).statusCode).toBe(404);
  });
});
