import { allowedActions, type Item } from './item-actions';

const item = (overrides: Partial<Item> = {}): Item => ({
  key: 'about',
  type: 'longtext',
  assignee: 'client',
  label: 'About',
  help: null,
  required: true,
  status: 'pending',
  value: null,
  constraints: {},
  schema: null,
  options: null,
  pattern: null,
  submitted_at: null,
  approved_at: null,
  revision_note: null,
  revision_count: 0,
  waiver: { state: 'none', reason: null, requested_by: null, requested_at: null, decided_at: null },
  client_note: null,
  owner_note: null,
  received_outside: false,
  received_outside_note: null,
  ...overrides,
});

describe('the review actions an item allows', () => {
  it('waiting for the client: received outside or waived', () => {
    expect(allowedActions(item(), 'sent', 'owner')).toEqual(['received_outside', 'waive']);
    expect(allowedActions(item({ status: 'needs_revision' }), 'in_progress', 'member')).toEqual([
      'received_outside',
      'waive',
    ]);
  });

  it('submitted: approved, sent back for a revision, received outside or waived', () => {
    expect(allowedActions(item({ status: 'submitted' }), 'in_progress', 'owner')).toEqual([
      'approve',
      'revision',
      'received_outside',
      'waive',
    ]);
  });

  it('approved: only sent back or waived; received outside: the mark undone instead of a revision', () => {
    expect(allowedActions(item({ status: 'approved' }), 'completed', 'owner')).toEqual(['revision', 'waive']);
    expect(allowedActions(item({ status: 'approved', received_outside: true }), 'completed', 'owner')).toEqual([
      'undo_received_outside',
      'waive',
    ]);
  });

  it('waived: only the waiver undone; a client’s proposal: accepted or declined instead of waived', () => {
    expect(allowedActions(item({ status: 'waived' }), 'in_progress', 'owner')).toEqual(['unwaive']);
    const proposed = item({ waiver: { ...item().waiver, state: 'pending', requested_by: 'client', reason: 'n/a' } });
    expect(allowedActions(proposed, 'in_progress', 'owner')).toEqual([
      'received_outside',
      'waiver_accept',
      'waiver_decline',
    ]);
  });

  it('an owner decision is settled (not once waived); an owner item is never sent back nor received outside', () => {
    const decision = item({
      assignee: 'owner',
      type: 'select',
      options: ['a', 'b'],
      decision: { decided_by: null, value: null, proposed_value: 'a', proposed_rationale: 'cheaper' },
    });
    expect(allowedActions(decision, 'in_progress', 'owner')).toEqual(['decide', 'waive']);
    expect(allowedActions({ ...decision, status: 'approved' }, 'in_progress', 'member')).toEqual(['decide', 'waive']);
    expect(allowedActions({ ...decision, status: 'waived' }, 'in_progress', 'owner')).toEqual(['unwaive']);
  });

  it('a submitted secret is revealed by the account owner only, also on an archived intake', () => {
    const secret = item({ type: 'secret', status: 'submitted' });
    expect(allowedActions(secret, 'in_progress', 'owner')).toContain('reveal');
    expect(allowedActions(secret, 'in_progress', 'member')).not.toContain('reveal');
    expect(allowedActions(item({ type: 'secret' }), 'in_progress', 'owner')).not.toContain('reveal');
    expect(allowedActions(secret, 'archived', 'owner')).toEqual(['reveal']);
    expect(allowedActions(secret, 'archived', 'member')).toEqual([]);
    expect(allowedActions(item({ status: 'submitted' }), 'archived', 'owner')).toEqual([]);
  });
});
