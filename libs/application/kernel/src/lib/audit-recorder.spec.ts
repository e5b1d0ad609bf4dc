import { InMemoryDatabase } from '@intake/testing';
import { AuditRecorder } from './audit-recorder';
import { ManualClock } from './ports/clock.port';

describe('AuditRecorder', () => {
  let db: InMemoryDatabase;
  let clock: ManualClock;
  let recorder: AuditRecorder;

  beforeEach(() => {
    db = new InMemoryDatabase();
    clock = new ManualClock('2026-05-01T10:00:00.000Z');
    recorder = new AuditRecorder(db.auditLog, clock);
  });

  it('records who did what to which target, when and from where', async () => {
    await recorder.record(
      'acc_1',
      { type: 'api_key', id: 'key_1', mode: 'test' },
      'intake.created',
      'in_1',
      { ip: '203.0.113.7', requestId: 'req_1' },
      { project_name: 'Web' },
    );
    expect(db.auditLog.entries).toEqual([
      {
        id: expect.stringMatching(/^aud_[A-Za-z0-9_-]{22}$/),
        account_id: 'acc_1',
        at: new Date('2026-05-01T10:00:00.000Z'),
        actor_type: 'api_key',
        actor_id: 'key_1',
        actor_mode: 'test',
        action: 'intake.created',
        target_id: 'in_1',
        ip: '203.0.113.7',
        request_id: 'req_1',
        summary: { project_name: 'Web' },
      },
    ]);
  });

  it('records the system with no actor id, no target, no request and an empty summary', async () => {
    clock.advance(90);
    await recorder.record('acc_1', { type: 'system', id: null, mode: null }, 'intake.purged', null, {
      ip: null,
      requestId: null,
    });
    expect(db.auditLog.entries[0]).toMatchObject({
      at: new Date('2026-05-01T10:01:30.000Z'),
      actor_type: 'system',
      actor_id: null,
      actor_mode: null,
      target_id: null,
      ip: null,
      request_id: null,
      summary: {},
    });
  });

  it('gives every entry its own id', async () => {
    const actor = { type: 'user' as const, id: 'usr_1', mode: null };
    await recorder.record('acc_1', actor, 'a', null, { ip: null, requestId: null });
    await recorder.record('acc_1', actor, 'a', null, { ip: null, requestId: null });
    expect(new Set(db.auditLog.entries.map((e) => e.id)).size).toBe(2);
  });

  it('writes in the caller’s unit of work: nothing stays when the unit fails', async () => {
    const actor = { type: 'user' as const, id: 'usr_1', mode: null };
    await db.uow
      .run(async () => {
        await recorder.record('acc_1', actor, 'account.updated', 'acc_1', { ip: null, requestId: null });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(db.auditLog.entries).toEqual([]);
  });
});
