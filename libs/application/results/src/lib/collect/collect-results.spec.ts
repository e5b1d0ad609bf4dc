import { SubmitFiles } from '@intake/application-files';
import { ApproveItem } from '@intake/application-intakes';
import { type Principal } from '@intake/domain-accounts';
import { newId } from '@intake/ids';
import {
  type GivenPortal,
  givenAnswer,
  givenPortal,
  givenScannedUpload,
  givenUpload,
  InMemoryContext,
  META,
  storedItem,
} from '@intake/testing';
import { CollectResults, type CollectResultsInput } from './collect-results';

const ITEMS = [
  { key: 'password', type: 'secret', label: 'Hosting password' },
  { key: 'budget', type: 'number', label: 'Budget' },
  { key: 'colours', type: 'multiselect', label: 'Colours', options: ['red', 'green', 'blue'] },
  { key: 'about', type: 'longtext', label: 'About you' },
  { key: 'documents', type: 'file_list', label: 'Documents', constraints: { max_count: 3 } },
  { key: 'logo', type: 'image', label: 'Logo' },
  { key: 'extra', type: 'text', label: 'Anything else', required: false },
  { key: 'kickoff', type: 'text', label: 'Kick-off call booked', assignee: 'owner' },
];

describe('CollectResults', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let key: Principal & { kind: 'api_key' };

  const collect = (options: Partial<CollectResultsInput> = {}) =>
    context.use(CollectResults).execute({
      principal: key,
      intakeId: portal.intakeId,
      onlyNew: false,
      includePending: false,
      excludeSecrets: false,
      meta: META,
      ...options,
    });
  const approve = (itemKey: string) =>
    context
      .use(ApproveItem)
      .execute({ principal: portal.owner, intakeId: portal.intakeId, key: itemKey, note: null, meta: META });

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context, { items: ITEMS });
    key = { ...portal.liveKey, scopes: ['intakes:read', 'secrets:read'] };
    await givenAnswer(context, portal, 'password', 's3cret-ž');
    await givenAnswer(context, portal, 'budget', 1200);
    await givenAnswer(context, portal, 'colours', ['red', 'blue']);
    await givenAnswer(context, portal, 'about', 'We bake.');
    await givenScannedUpload(context, portal, 'documents', undefined, 'brief.png');
    await givenUpload(context, portal, 'documents', undefined, 'scan-pending.png');
    await context.use(SubmitFiles).execute({ slug: portal.slug, key: 'documents', meta: META });
    for (const k of ['password', 'budget', 'colours', 'documents']) await approve(k);
  });

  it('carries the client’s note on the whole intake, null without one, whatever only_new says', async () => {
    expect((await collect()).client_note).toBeNull();
    // As the portal's PUT …/note leaves it (that use case is the portal context's).
    const stored = context.db.intakes.rows.find((i) => i.id === portal.intakeId);
    if (stored) stored.client_note = 'More photos on Monday.';
    expect((await collect()).client_note).toBe('More photos on Monday.');
    expect((await collect({ onlyNew: true })).client_note).toBe('More photos on Monday.');
  });
  it('answers approved items shaped by type, files as signed URLs, pending uploads counted', async () => {
    const answer = await collect();
    expect(answer).toMatchObject({
      intake_id: portal.intakeId,
      status: 'in_progress',
      missing: ['logo'],
      progress: { outstanding: 1 },
    });
    expect(Object.keys(answer.results).sort()).toEqual(['budget', 'colours', 'documents', 'password']);
    expect(answer.results).toMatchObject({ budget: 1200, colours: ['red', 'blue'], password: 's3cret-ž' });
    expect(answer.results['documents']).toEqual([
      {
        url: expect.stringContaining('expires_in=86400'),
        filename: 'brief.png',
        mime: 'image/png',
        size: expect.any(Number),
        checksum_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    expect(answer.meta['documents']).toMatchObject({ type: 'file_list', status: 'approved', files_pending: 1 });
    expect(answer.meta['budget']).toEqual({ type: 'number', status: 'approved', submitted_at: expect.any(Date) });
    expect(answer.results).not.toHaveProperty('kickoff');
  });

  it('adds submitted items with includePending', async () => {
    const answer = await collect({ includePending: true });
    expect(answer.results['about']).toBe('We bake.');
    expect(answer.meta['about']).toMatchObject({ status: 'submitted' });
  });

  it('releases a secret once: later collections say already_revealed with the time', async () => {
    const first = await collect();
    expect(first.results['password']).toBe('s3cret-ž');
    expect((await storedItem(context, portal.intakeId, 'password')).value).toBeNull();
    const second = await collect();
    expect(second.results).not.toHaveProperty('password');
    expect(second.meta['password']).toMatchObject({
      secret_unavailable: true,
      reason: 'already_revealed',
      revealed_at: expect.any(Date),
    });
    const audits = context.db.auditLog.entries.filter((e) => e.action === 'item.secret_revealed');
    expect(audits.map((e) => e.summary)).toEqual([{ item_key: 'password', via: 'results' }]);
  });

  it('leaves a secret out without consuming it: excluded, or without secrets:read', async () => {
    const excluded = await collect({ excludeSecrets: true });
    expect(excluded.results).not.toHaveProperty('password');
    expect(excluded.meta['password']).toMatchObject({ secret_unavailable: true, reason: 'excluded' });
    key = { ...key, scopes: ['intakes:read'] };
    expect((await collect()).meta['password']).toMatchObject({ secret_unavailable: true, reason: 'missing_scope' });
    key = { ...key, scopes: ['admin'] };
    expect((await collect()).results['password']).toBe('s3cret-ž');
  });

  it('records delivered_at at the first collection only (purge_at follows on_delivery)', async () => {
    const before = context.clock.now();
    await collect({ excludeSecrets: true });
    const intake = context.db.intakes.rows.find((i) => i.id === portal.intakeId);
    expect(intake?.delivered_at).toEqual(before);
    context.clock.advance(60);
    await collect({ excludeSecrets: true });
    expect(context.db.intakes.rows.find((i) => i.id === portal.intakeId)?.delivered_at).toEqual(before);
    expect(context.auditActions().filter((a) => a === 'intake.delivered')).toHaveLength(1);
  });

  it('with onlyNew, only items approved since this key’s previous call; each key has its own', async () => {
    expect(Object.keys((await collect({ onlyNew: true, excludeSecrets: true })).results).sort()).toEqual([
      'budget',
      'colours',
      'documents',
    ]);
    context.clock.advance(10);
    expect((await collect({ onlyNew: true, excludeSecrets: true })).results).toEqual({});
    await givenAnswer(context, portal, 'extra', 'Thanks');
    context.clock.advance(10);
    await approve('extra');
    expect((await collect({ onlyNew: true, excludeSecrets: true })).results).toEqual({ extra: 'Thanks' });
    const other = { ...key, keyId: newId('apiKey') };
    key = other;
    expect(Object.keys((await collect({ onlyNew: true, excludeSecrets: true })).results)).toHaveLength(4);
  });

  it('refuses another account’s intake (404) and a session (403 key_only)', async () => {
    await expect(collect({ intakeId: 'in_nope' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(collect({ principal: portal.owner })).rejects.toMatchObject({ code: 'forbidden', reason: 'key_only' });
  });
});
