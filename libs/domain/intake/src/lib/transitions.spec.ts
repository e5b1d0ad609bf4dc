import { DomainError } from '@intake/errors';
import { type IntakeState, type IntakeStatus, type ItemState, NO_WAIVER } from './model';
import { missingItemKeys, ownerTasksOf, progressOf } from './progress';
import {
  addItems,
  afterMaxRemindersChange,
  answerDecision,
  approveItem,
  archive,
  decideWaiver,
  discardAnswer,
  markOwnerItemDone,
  markReceivedOutside,
  proposeWaiver,
  reachedMaxReminders,
  requestRevision,
  send,
  stall,
  submitItem,
  undoReceivedOutside,
  unwaive,
  waive,
} from './transitions';

const NOW = new Date('2026-06-01T10:00:00Z');

function item(key: string, overrides: Partial<ItemState> = {}): ItemState {
  return {
    key,
    assignee: 'client',
    required: true,
    decision: false,
    status: 'pending',
    submitted_at: null,
    approved_at: null,
    revision_note: null,
    revision_count: 0,
    waiver: NO_WAIVER,
    received_outside: false,
    received_outside_note: null,
    answered: false,
    decided_by: null,
    ...overrides,
  };
}

function intake(status: IntakeStatus, items: ItemState[] = [item('logo'), item('copy')]): IntakeState {
  return { status, sent_at: null, completed_at: null, stalled_at: null, items };
}

const itemOf = (state: IntakeState, key: string) => state.items.find((i) => i.key === key) as ItemState;

function expectError(run: () => unknown, code: string, reason?: string): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(code);
    if (reason) expect((error as DomainError).reason).toBe(reason);
    return;
  }
  throw new Error(`expected ${code}`);
}

describe('intake status table', () => {
  it('draft → sent on send', () => {
    const { intake: next, events } = send(intake('draft'), NOW);
    expect(next.status).toBe('sent');
    expect(next.sent_at).toEqual(NOW);
    expect(events).toEqual([{ type: 'intake.sent' }]);
  });

  it.each(['sent', 'in_progress', 'completed'] as const)('send from %s is 409 conflict', (status) =>
    expectError(() => send(intake(status), NOW), 'conflict', 'not_draft'),
  );

  it.each(['draft', 'sent', 'in_progress', 'completed'] as const)(
    '%s → archived on archive, emitting intake.archived',
    (status) => {
      const { intake: next, events } = archive(intake(status));
      expect(next.status).toBe('archived');
      expect(events).toEqual([{ type: 'intake.archived' }]);
    },
  );

  it('archiving an archived intake is 409 intake_archived', () =>
    expectError(() => archive(intake('archived')), 'conflict', 'intake_archived'));

  it.each(['sent', 'in_progress'] as const)(
    '%s → completed when the last outstanding client item is received outside',
    (status) => {
      const state = intake(status, [item('logo', { status: 'submitted', answered: true }), item('copy')]);
      const { intake: next, events } = markReceivedOutside(state, 'copy', 'by post', NOW);
      expect(next.status).toBe('completed');
      expect(next.completed_at).toEqual(NOW);
      expect(events).toEqual([{ type: 'item.received_outside', item_key: 'copy' }, { type: 'intake.completed' }]);
    },
  );

  it('completed → in_progress when the received-outside mark that completed it is removed', () => {
    const state = intake('completed', [
      item('logo', { status: 'submitted', answered: true }),
      item('copy', { status: 'approved', received_outside: true }),
    ]);
    const { intake: next, events } = undoReceivedOutside(state, 'copy', NOW);
    expect(next.status).toBe('in_progress');
    expect(next.completed_at).toBeNull();
    expect(itemOf(next, 'copy')).toMatchObject({ status: 'pending', received_outside: false });
    expect(events).toContainEqual({ type: 'intake.reopened' });
  });

  it('completed → in_progress when a waive is deleted', () => {
    const state = intake('completed', [
      item('logo', { status: 'submitted', answered: true }),
      item('copy', { status: 'waived' }),
    ]);
    const { intake: next } = unwaive(state, 'copy', NOW);
    expect(next.status).toBe('in_progress');
    expect(itemOf(next, 'copy').status).toBe('pending');
  });

  it('sent → in_progress on the first client submission, completed when all required items are in', () => {
    const first = submitItem(intake('sent'), 'logo', NOW);
    expect(first.intake.status).toBe('in_progress');
    expect(first.events).toEqual([{ type: 'item.submitted', item_key: 'logo' }]);
    const second = submitItem(first.intake, 'copy', NOW);
    expect(second.intake.status).toBe('completed');
    expect(second.events).toEqual([{ type: 'item.submitted', item_key: 'copy' }, { type: 'intake.completed' }]);
  });

  it('optional items do not block completion', () => {
    const state = intake('sent', [item('logo'), item('extras', { required: false })]);
    expect(submitItem(state, 'logo', NOW).intake.status).toBe('completed');
  });

  it('owner items never complete the intake', () => {
    const state = intake('in_progress', [
      item('logo', { status: 'submitted', answered: true }),
      item('invoice', { assignee: 'owner' }),
      item('copy'),
    ]);
    const { intake: next } = markOwnerItemDone(state, 'invoice', true, NOW);
    expect(next.status).toBe('in_progress');
  });

  it('every mutation of an archived intake is 409 intake_archived', () => {
    const state = intake('archived', [
      item('logo', { status: 'submitted' }),
      item('task', { assignee: 'owner' }),
      item('d', { decision: true, assignee: 'owner' }),
    ]);
    const runs: Array<() => unknown> = [
      () => send(state, NOW),
      () => submitItem(state, 'logo', NOW),
      () => approveItem(state, 'logo', NOW),
      () => requestRevision(state, 'logo', 'n', true, NOW),
      () => markOwnerItemDone(state, 'task', true, NOW),
      () => markReceivedOutside(state, 'logo', null, NOW),
      () => undoReceivedOutside(state, 'logo', NOW),
      () => answerDecision(state, 'd', NOW),
      () => waive(state, 'logo', null, NOW),
      () => decideWaiver(state, 'logo', true, NOW),
      () => unwaive(state, 'logo', NOW),
      () => proposeWaiver(state, 'logo', 'r', NOW),
      () => addItems(state, [item('new')], NOW),
      () => discardAnswer(state, 'logo', NOW),
    ];
    for (const run of runs) expectError(run, 'conflict', 'intake_archived');
  });
});

describe('item status table', () => {
  it('pending → submitted when the client submits', () => {
    const { intake: next } = submitItem(intake('sent'), 'logo', NOW);
    expect(itemOf(next, 'logo')).toMatchObject({ status: 'submitted', submitted_at: NOW, answered: true });
  });

  it.each(['submitted', 'approved'] as const)('%s → needs_revision on revision, with the note and count', (status) => {
    const state = intake('in_progress', [item('logo', { status, answered: true, revision_count: 1 }), item('copy')]);
    const { intake: next, events } = requestRevision(state, 'logo', 'Higher resolution, please', true, NOW);
    expect(itemOf(next, 'logo')).toMatchObject({
      status: 'needs_revision',
      revision_note: 'Higher resolution, please',
      revision_count: 2,
    });
    expect(events[0]).toEqual({ type: 'item.revision_requested', item_key: 'logo', note: 'Higher resolution, please' });
  });

  it.each(['pending', 'needs_revision', 'waived'] as const)('revision of a %s item is 409', (status) =>
    expectError(
      () => requestRevision(intake('in_progress', [item('logo', { status })]), 'logo', 'n', true, NOW),
      'conflict',
    ),
  );

  it('revision without the plan feature is 402 plan_required', () =>
    expectError(
      () => requestRevision(intake('in_progress', [item('logo', { status: 'submitted' })]), 'logo', 'n', false, NOW),
      'plan_required',
    ));

  it('a revision reopens a completed intake; re-submission returns the item to submitted', () => {
    const state = intake('completed', [item('logo', { status: 'submitted', answered: true })]);
    const revised = requestRevision(state, 'logo', 'again', true, NOW);
    expect(revised.intake.status).toBe('in_progress');
    const resubmitted = submitItem(revised.intake, 'logo', NOW);
    expect(itemOf(resubmitted.intake, 'logo').status).toBe('submitted');
    expect(resubmitted.intake.status).toBe('completed');
  });

  it('received outside: client item → approved with the note', () => {
    const { intake: next } = markReceivedOutside(intake('sent'), 'logo', 'handed over on USB', NOW);
    expect(itemOf(next, 'logo')).toMatchObject({
      status: 'approved',
      received_outside: true,
      received_outside_note: 'handed over on USB',
    });
  });

  it('received outside of an owner item is 400; of an approved or waived item 409', () => {
    const state = intake('sent', [
      item('task', { assignee: 'owner' }),
      item('a', { status: 'approved' }),
      item('w', { status: 'waived' }),
    ]);
    expectError(() => markReceivedOutside(state, 'task', null, NOW), 'invalid_request', 'owner_item');
    expectError(() => markReceivedOutside(state, 'a', null, NOW), 'conflict');
    expectError(() => markReceivedOutside(state, 'w', null, NOW), 'conflict');
  });

  it('undoing a mark that was never made is 404; the item returns to waiting for the client', () => {
    expectError(() => undoReceivedOutside(intake('sent'), 'logo', NOW), 'not_found');
    const marked = markReceivedOutside(intake('sent'), 'logo', null, NOW).intake;
    expect(itemOf(undoReceivedOutside(marked, 'logo', NOW).intake, 'logo').status).toBe('pending');
  });

  it('owner item done → approved; done false → pending again; client item is 400', () => {
    const state = intake('sent', [item('task', { assignee: 'owner' }), item('logo')]);
    const done = markOwnerItemDone(state, 'task', true, NOW).intake;
    expect(itemOf(done, 'task')).toMatchObject({ status: 'approved', approved_at: NOW });
    expect(itemOf(markOwnerItemDone(done, 'task', false, NOW).intake, 'task')).toMatchObject({
      status: 'pending',
      approved_at: null,
    });
    expectError(() => markOwnerItemDone(state, 'logo', true, NOW), 'invalid_request', 'client_item');
  });

  it('decision item answer → approved, decided by the owner; a non-decision item is 400', () => {
    const state = intake('sent', [
      item('style', { assignee: 'owner', decision: true, decided_by: 'agent' }),
      item('logo'),
    ]);
    expect(itemOf(answerDecision(state, 'style', NOW).intake, 'style')).toMatchObject({
      status: 'approved',
      decided_by: 'owner',
    });
    expectError(() => answerDecision(state, 'logo', NOW), 'invalid_request', 'not_decision_item');
  });

  it.each(['pending', 'submitted', 'approved', 'needs_revision'] as const)('waive: %s → waived', (status) => {
    const { intake: next } = waive(
      intake('in_progress', [item('logo', { status }), item('copy')]),
      'logo',
      'not needed',
      NOW,
    );
    expect(itemOf(next, 'logo')).toMatchObject({
      status: 'waived',
      waiver: { state: 'accepted', reason: 'not needed', requested_by: 'owner' },
    });
  });

  it('waiving an already waived item is 409', () =>
    expectError(() => waive(intake('sent', [item('logo', { status: 'waived' })]), 'logo', null, NOW), 'conflict'));

  it('waiving the last outstanding item completes the intake', () => {
    const state = intake('in_progress', [item('logo', { status: 'submitted', answered: true }), item('copy')]);
    expect(waive(state, 'copy', null, NOW).intake.status).toBe('completed');
  });

  it('client waiver proposal accepted → waived, keeping the client’s reason', () => {
    const proposed = proposeWaiver(intake('sent'), 'logo', 'We have no logo yet', NOW);
    expect(itemOf(proposed.intake, 'logo').waiver).toMatchObject({ state: 'pending', requested_by: 'client' });
    const { intake: next } = decideWaiver(proposed.intake, 'logo', true, NOW);
    expect(itemOf(next, 'logo')).toMatchObject({
      status: 'waived',
      waiver: { state: 'accepted', reason: 'We have no logo yet', requested_by: 'client' },
    });
  });

  it('client waiver proposal rejected → status unchanged, pending flag cleared', () => {
    const proposed = proposeWaiver(intake('sent'), 'logo', 'no', NOW).intake;
    const { intake: next, events } = decideWaiver(proposed, 'logo', false, NOW);
    expect(itemOf(next, 'logo')).toMatchObject({ status: 'pending', waiver: NO_WAIVER });
    expect(events).toEqual([{ type: 'item.waiver_rejected', item_key: 'logo' }]);
  });

  it('a waiver decision without a pending proposal is 409', () =>
    expectError(() => decideWaiver(intake('sent'), 'logo', true, NOW), 'conflict', 'no_waiver_pending'));

  it('DELETE waive: waived → pending, discarding value, submission and revision note', () => {
    const state = intake('in_progress', [
      item('logo', { status: 'waived', answered: true, submitted_at: NOW, revision_note: 'x' }),
      item('copy'),
    ]);
    expect(itemOf(unwaive(state, 'logo', NOW).intake, 'logo')).toMatchObject({
      status: 'pending',
      answered: false,
      submitted_at: null,
      revision_note: null,
      waiver: NO_WAIVER,
    });
    expectError(() => unwaive(intake('sent'), 'logo', NOW), 'conflict', 'item_not_waived');
  });

  it('approve: submitted → approved; any other status 409', () => {
    const state = intake('in_progress', [item('logo', { status: 'submitted' }), item('copy')]);
    expect(itemOf(approveItem(state, 'logo', NOW).intake, 'logo')).toMatchObject({
      status: 'approved',
      approved_at: NOW,
    });
    expectError(() => approveItem(state, 'copy', NOW), 'conflict', 'item_not_submitted');
  });

  it('an unknown item key is 404', () => {
    for (const run of [
      () => approveItem(intake('sent'), 'nope', NOW),
      () => waive(intake('sent'), 'nope', null, NOW),
      () => submitItem(intake('sent'), 'nope', NOW),
    ]) {
      expectError(run, 'not_found', 'item_not_found');
    }
  });

  it('the client cannot submit owner items, approved or waived items, or into a draft', () => {
    const state = intake('sent', [
      item('task', { assignee: 'owner' }),
      item('a', { status: 'approved' }),
      item('w', { status: 'waived' }),
    ]);
    expectError(() => submitItem(state, 'task', NOW), 'not_found');
    expectError(() => submitItem(state, 'a', NOW), 'conflict');
    expectError(() => submitItem(state, 'w', NOW), 'conflict');
    expectError(() => submitItem(intake('draft'), 'logo', NOW), 'conflict', 'not_sent');
  });

  it('adding an outstanding item reopens a completed intake; a duplicate key is 409', () => {
    const done = intake('completed', [item('logo', { status: 'submitted' })]);
    expect(addItems(done, [item('extra')], NOW).intake.status).toBe('in_progress');
    expectError(() => addItems(done, [item('logo')], NOW), 'conflict', 'item_exists');
  });

  it('discarding an answer returns the item to pending and may reopen the intake', () => {
    const done = intake('completed', [item('logo', { status: 'submitted', answered: true })]);
    const { intake: next } = discardAnswer(done, 'logo', NOW);
    expect(itemOf(next, 'logo')).toMatchObject({ status: 'pending', answered: false });
    expect(next.status).toBe('in_progress');
  });
});

describe('progress and owner tasks', () => {
  it('excludes waived and untouched optional items, so 100% means complete', () => {
    const items = [
      item('a', { status: 'submitted' }),
      item('b', { status: 'approved' }),
      item('c'),
      item('d', { status: 'waived' }),
      item('e', { required: false }),
      item('f', { required: false, status: 'submitted' }),
      item('g', { assignee: 'owner' }),
    ];
    expect(progressOf(items)).toEqual({ submitted: 3, total: 4, outstanding: 1, percent: 75 });
    expect(missingItemKeys(items)).toEqual(['c']);
    expect(progressOf(items.map((i) => (i.key === 'c' ? { ...i, status: 'submitted' as const } : i)))).toEqual({
      submitted: 4,
      total: 4,
      outstanding: 0,
      percent: 100,
    });
  });

  it('an optional item sent back for revision counts as outstanding', () => {
    expect(
      progressOf([item('a', { status: 'submitted' }), item('x', { required: false, status: 'needs_revision' })])
        .percent,
    ).toBe(50);
  });

  it('never rounds up to 100 while something is outstanding', () => {
    const items = [...Array.from({ length: 199 }, (_, i) => item(`s${i}`, { status: 'submitted' })), item('last')];
    expect(progressOf(items).percent).toBe(99);
  });

  it('owner tasks count owner items that are not waived', () => {
    expect(
      ownerTasksOf([
        item('t1', { assignee: 'owner', status: 'approved' }),
        item('t2', { assignee: 'owner' }),
        item('t3', { assignee: 'owner', status: 'waived' }),
        item('t4', { assignee: 'owner', status: 'approved' }),
        item('c'),
      ]),
    ).toEqual({
      done: 2,
      total: 3,
    });
  });
});

describe('stalled condition', () => {
  it('is reached after max_reminders reminders, never when unlimited', () => {
    expect(reachedMaxReminders(3, 3)).toBe(true);
    expect(reachedMaxReminders(2, 3)).toBe(false);
    expect(reachedMaxReminders(5000, 'unlimited')).toBe(false);
  });

  it('raising max_reminders above the reminders sent clears stalled_at and resumes chasing', () => {
    const stalled = new Date('2026-05-01T00:00:00Z');
    expect(afterMaxRemindersChange(stalled, 3, 5)).toEqual({ stalled_at: null, resume: true });
    expect(afterMaxRemindersChange(stalled, 3, 'unlimited')).toEqual({ stalled_at: null, resume: true });
    expect(afterMaxRemindersChange(stalled, 3, 3)).toEqual({ stalled_at: stalled, resume: false });
    expect(afterMaxRemindersChange(null, 3, 10)).toEqual({ stalled_at: null, resume: false });
  });
});

describe('stall', () => {
  it('stops chasing a sent or in-progress intake once, naming the required client items still missing', () => {
    const state = intake('in_progress', [
      item('logo'),
      item('copy', { status: 'submitted' }),
      item('extra', { required: false }),
      item('invoice', { assignee: 'owner' }),
      item('redo', { status: 'needs_revision' }),
    ]);
    const stalled = stall(state, NOW);
    expect(stalled.intake.stalled_at).toEqual(NOW);
    expect(stalled.intake.status).toBe('in_progress');
    expect(stalled.events).toEqual([{ type: 'intake.stalled', missing_items: ['logo', 'redo'] }]);
    expect(stall(stalled.intake, new Date(NOW.getTime() + 1000))).toEqual({ intake: stalled.intake, events: [] });
    expect(stall(intake('sent'), NOW).events).toHaveLength(1);
  });

  it.each(['draft', 'completed', 'archived'] as IntakeStatus[])('leaves a %s intake as it is', (status) => {
    const state = intake(status);
    expect(stall(state, NOW)).toEqual({ intake: state, events: [] });
  });
});

/** An owner item (a task, or a decision with `decision: true`). */
const owner = (key: string, overrides: Partial<ItemState> = {}) => item(key, { assignee: 'owner', ...overrides });

/** The error a transition throws: its code, reason, message and params. */
function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected an error');
}

describe('the events of each transition', () => {
  const LATER = new Date('2026-06-02T10:00:00Z');
  const open = () =>
    intake('in_progress', [item('logo'), item('copy'), owner('invoice'), owner('plan', { decision: true })]);

  it('name the item, and only completion or reopening adds one of the intake', () => {
    const cases: Array<[string, () => { events: unknown[] }, unknown[]]> = [
      ['submit', () => submitItem(open(), 'logo', NOW), [{ type: 'item.submitted', item_key: 'logo' }]],
      [
        'propose',
        () => proposeWaiver(open(), 'logo', 'none', NOW),
        [{ type: 'item.waiver_proposed', item_key: 'logo' }],
      ],
      [
        'approve',
        () => approveItem(intake('in_progress', [item('logo', { status: 'submitted' })]), 'logo', NOW),
        [{ type: 'item.approved', item_key: 'logo' }],
      ],
      [
        'done',
        () => markOwnerItemDone(open(), 'invoice', true, NOW),
        [{ type: 'item.done', item_key: 'invoice', done: true }],
      ],
      [
        'not done',
        () => markOwnerItemDone(open(), 'invoice', false, NOW),
        [{ type: 'item.done', item_key: 'invoice', done: false }],
      ],
      [
        'received',
        () => markReceivedOutside(open(), 'logo', null, NOW),
        [{ type: 'item.received_outside', item_key: 'logo' }],
      ],
      [
        'received undone',
        () => undoReceivedOutside(markReceivedOutside(open(), 'logo', null, NOW).intake, 'logo', NOW),
        [{ type: 'item.received_outside_undone', item_key: 'logo' }],
      ],
      ['answer', () => answerDecision(open(), 'plan', NOW), [{ type: 'item.decided', item_key: 'plan' }]],
      ['waive', () => waive(open(), 'logo', null, NOW), [{ type: 'item.waived', item_key: 'logo' }]],
      [
        'unwaive',
        () => unwaive(waive(open(), 'logo', null, NOW).intake, 'logo', NOW),
        [{ type: 'item.unwaived', item_key: 'logo' }],
      ],
      [
        'reject a waiver',
        () => decideWaiver(proposeWaiver(open(), 'logo', 'none', NOW).intake, 'logo', false, NOW),
        [{ type: 'item.waiver_rejected', item_key: 'logo' }],
      ],
      ['add items', () => addItems(open(), [item('extra', { required: false })], NOW), []],
      ['discard an answer', () => discardAnswer(submitItem(open(), 'logo', NOW).intake, 'logo', NOW), []],
    ];
    for (const [name, run, events] of cases) expect({ name, events: run().events }).toEqual({ name, events });
  });

  it('a draft is never completed by its items, however many are in', () => {
    const draft = intake('draft', [item('logo')]);
    const waived = waive(draft, 'logo', null, NOW);
    expect(waived.intake.status).toBe('draft');
    expect(waived.events).toEqual([{ type: 'item.waived', item_key: 'logo' }]);
  });

  it('a waiver keeps the time and reason of the proposal it accepts, else its own', () => {
    const proposed = proposeWaiver(open(), 'logo', 'sent by post', NOW).intake;
    expect(itemOf(waive(proposed, 'logo', null, LATER).intake, 'logo').waiver).toEqual({
      state: 'accepted',
      reason: 'sent by post',
      requested_by: 'client',
      requested_at: NOW,
      decided_at: LATER,
    });
    expect(itemOf(waive(open(), 'logo', null, LATER).intake, 'logo').waiver).toEqual({
      state: 'accepted',
      reason: null,
      requested_by: 'owner',
      requested_at: LATER,
      decided_at: LATER,
    });
  });

  it('a correction on a completed intake keeps it completed, with no second completion', () => {
    const completed = { ...intake('completed', [item('logo', { status: 'submitted' })]), completed_at: NOW };
    expect(submitItem(completed, 'logo', LATER)).toEqual({
      intake: expect.objectContaining({ status: 'completed', completed_at: NOW }),
      events: [{ type: 'item.submitted', item_key: 'logo' }],
    });
  });

  it('no waiver is the state "none" with nothing else set', () =>
    expect(NO_WAIVER).toEqual({
      state: 'none',
      reason: null,
      requested_by: null,
      requested_at: null,
      decided_at: null,
    }));

  it('a submission or a receipt outside lets a pending proposal lapse', () => {
    const proposed = proposeWaiver(open(), 'logo', 'later', NOW).intake;
    expect(itemOf(submitItem(proposed, 'logo', LATER).intake, 'logo').waiver).toEqual(NO_WAIVER);
    expect(itemOf(markReceivedOutside(proposed, 'logo', 'post', LATER).intake, 'logo').waiver).toEqual(NO_WAIVER);
  });

  it('a revision or an unwaive clears the receipt outside; an answered decision is answered', () => {
    const received = markReceivedOutside(open(), 'logo', 'by post', NOW).intake;
    const revised = itemOf(requestRevision(received, 'logo', 'again', true, LATER).intake, 'logo');
    expect([revised.received_outside, revised.received_outside_note]).toEqual([false, null]);
    const unwaived = itemOf(unwaive(waive(received, 'logo', null, NOW).intake, 'logo', LATER).intake, 'logo');
    expect([unwaived.received_outside, unwaived.received_outside_note, unwaived.status]).toEqual([
      false,
      null,
      'pending',
    ]);
    expect(itemOf(answerDecision(open(), 'plan', NOW).intake, 'plan')).toEqual(
      expect.objectContaining({ status: 'approved', answered: true, decided_by: 'owner', approved_at: NOW }),
    );
  });

  it('discarding the answer of a waived item leaves it waived; of an unknown item is 404', () => {
    const waived = waive(open(), 'logo', null, NOW).intake;
    expect(itemOf(discardAnswer(waived, 'logo', NOW).intake, 'logo').status).toBe('waived');
    expect(errorOf(() => discardAnswer(open(), 'nope', NOW)).reason).toBe('item_not_found');
  });
});

describe('the errors of each transition', () => {
  const open = (...extra: ItemState[]) => intake('in_progress', [item('logo'), owner('invoice'), ...extra]);

  it('say what is wrong, with the reason and the item', () => {
    const cases: Array<[string, () => unknown, string, string, RegExp]> = [
      ['archived', () => waive(intake('archived'), 'logo', null, NOW), 'conflict', 'intake_archived', /archived/],
      ['unknown item', () => waive(open(), 'nope', null, NOW), 'not_found', 'item_not_found', /"nope"/],
      ['send twice', () => send(open(), NOW), 'conflict', 'not_draft', /in_progress/],
      ['duplicate item', () => addItems(open(), [item('logo')], NOW), 'conflict', 'item_exists', /"logo"/],
      ['submit into a draft', () => submitItem(intake('draft'), 'logo', NOW), 'conflict', 'not_sent', /not been sent/],
      [
        'submit an approved item',
        () => submitItem(open(item('done', { status: 'approved' })), 'done', NOW),
        'conflict',
        'item_approved',
        /already approved/,
      ],
      [
        'propose for an owner item',
        () => proposeWaiver(open(), 'invoice', 'x', NOW),
        'not_found',
        'item_not_found',
        /"invoice"/,
      ],
      [
        'propose for an approved item',
        () => proposeWaiver(open(item('done', { status: 'approved' })), 'done', 'x', NOW),
        'conflict',
        'item_approved',
        /already approved/,
      ],
      [
        'propose for a waived item',
        () => proposeWaiver(open(item('gone', { status: 'waived' })), 'gone', 'x', NOW),
        'conflict',
        'item_waived',
        /already waived/,
      ],
      ['approve a pending item', () => approveItem(open(), 'logo', NOW), 'conflict', 'item_not_submitted', /pending/],
      [
        'revision of an owner item',
        () => requestRevision(open(), 'invoice', 'x', true, NOW),
        'invalid_request',
        'owner_item',
        /client items/,
      ],
      [
        'revision of a pending item',
        () => requestRevision(open(), 'logo', 'x', true, NOW),
        'conflict',
        'item_not_submitted',
        /pending/,
      ],
      [
        'done for a client item',
        () => markOwnerItemDone(open(), 'logo', true, NOW),
        'invalid_request',
        'client_item',
        /owner items/,
      ],
      [
        'done for a waived owner item',
        () => markOwnerItemDone(open(owner('gone', { status: 'waived' })), 'gone', true, NOW),
        'conflict',
        'item_waived',
        /waived/,
      ],
      [
        'received outside for an owner item',
        () => markReceivedOutside(open(), 'invoice', null, NOW),
        'invalid_request',
        'owner_item',
        /client items/,
      ],
      [
        'received outside for an approved item',
        () => markReceivedOutside(open(item('done', { status: 'approved' })), 'done', null, NOW),
        'conflict',
        'item_approved',
        /already approved/,
      ],
      [
        'undo a receipt never made',
        () => undoReceivedOutside(open(), 'logo', NOW),
        'not_found',
        'not_received_outside',
        /received outside/,
      ],
      [
        'answer a non-decision item',
        () => answerDecision(open(), 'invoice', NOW),
        'invalid_request',
        'not_decision_item',
        /decision items/,
      ],
      [
        'answer a waived decision',
        () => answerDecision(open(owner('plan', { decision: true, status: 'waived' })), 'plan', NOW),
        'conflict',
        'item_waived',
        /waived/,
      ],
      [
        'waive twice',
        () => waive(open(item('gone', { status: 'waived' })), 'gone', null, NOW),
        'conflict',
        'item_waived',
        /already waived/,
      ],
      [
        'decide no proposal',
        () => decideWaiver(open(), 'logo', true, NOW),
        'conflict',
        'no_waiver_pending',
        /no pending waiver/,
      ],
      ['unwaive a pending item', () => unwaive(open(), 'logo', NOW), 'conflict', 'item_not_waived', /not waived/],
    ];
    for (const [name, run, code, reason, message] of cases) {
      const error = errorOf(run);
      expect({ name, code: error.code, reason: error.reason, message: message.test(error.message) }).toEqual({
        name,
        code,
        reason,
        message: true,
      });
    }
  });

  it('a revision without the plan feature names the feature', () => {
    const error = errorOf(() => requestRevision(open(), 'logo', 'x', false, NOW));
    expect([error.code, error.reason, error.params, error.message]).toEqual([
      'plan_required',
      'revisions',
      { feature: 'revisions' },
      'Revisions are not included in the Free plan.',
    ]);
  });
});
