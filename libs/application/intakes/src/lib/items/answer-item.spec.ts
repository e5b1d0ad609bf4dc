import {
  type GivenAccount,
  givenAccount,
  givenIntake,
  InMemoryContext,
  META,
  storedIntake,
  writtenState,
} from '@intake/testing';
import { AnswerItem } from './answer-item';

describe('AnswerItem', () => {
  let context: InMemoryContext;
  let given: GivenAccount;
  let answerItem: AnswerItem;

  beforeEach(async () => {
    context = new InMemoryContext();
    given = await givenAccount(context);
    answerItem = context.use(AnswerItem);
  });

  const answer = (intakeId: string, key: string, value: unknown) =>
    answerItem.execute({ principal: given.owner, intakeId, key, value, meta: META });

  /** An intake with an owner decision of each kind (one proposed by an agent), a client select and an owner task. */
  const withDecisions = (overrides: { status?: 'waived' } = {}) =>
    givenIntake(context, given, {
      items: [
        { key: 'style', type: 'select', assignee: 'owner', options: ['modern', 'classic'], ...overrides },
        {
          key: 'pages',
          type: 'multiselect',
          assignee: 'owner',
          options: ['home', 'about', 'shop'],
          constraints: { max_count: 2 },
          proposed: { value: ['home'], rationale: 'Start small' },
          decided_by: 'agent',
        },
        { key: 'colour', type: 'select', options: ['red', 'blue'] },
        { key: 'task', assignee: 'owner' },
      ],
    });

  it('settles a decision: approved with the value, decided by the owner, audited, no webhook', async () => {
    const { intake } = await withDecisions();
    const changed = await answer(intake.id, 'style', 'classic');
    expect(changed.items.find((i) => i.key === 'style')).toMatchObject({
      status: 'approved',
      value: 'classic',
      decided_by: 'owner',
      approved_at: context.clock.now(),
    });
    expect(storedIntake(context, intake.id).item('style').value).toBe('classic');
    expect(context.db.auditLog.entries).toEqual([
      expect.objectContaining({ action: 'item.answered', summary: { intake_id: intake.id, item_key: 'style' } }),
    ]);
    expect(context.db.outbox.messages).toEqual([]);
  });

  it('overrides an agent’s proposal with the owner’s choice', async () => {
    const { intake } = await withDecisions();
    const changed = await answer(intake.id, 'pages', ['home', 'shop']);
    expect(changed.items.find((i) => i.key === 'pages')).toMatchObject({
      value: ['home', 'shop'],
      decided_by: 'owner',
      proposed: { value: ['home'], rationale: 'Start small' },
    });
  });

  it('is 422 for a value the decision does not accept, writing nothing', async () => {
    const { intake } = await withDecisions();
    const before = writtenState(context);
    await expect(answer(intake.id, 'style', 'baroque')).rejects.toMatchObject({
      code: 'unprocessable',
      reason: 'validation_failed',
      details: [{ path: 'value', message: 'must be one of the options' }],
    });
    await expect(answer(intake.id, 'pages', ['home', 'about', 'shop'])).rejects.toMatchObject({
      details: [{ path: 'value', message: 'must contain at most 2 choices' }],
    });
    expect(writtenState(context)).toEqual(before);
  });

  it('is 400 not_decision_item for a client select or an owner task', async () => {
    const { intake } = await withDecisions();
    const before = writtenState(context);
    for (const key of ['colour', 'task']) {
      await expect(answer(intake.id, key, 'red')).rejects.toMatchObject({
        code: 'invalid_request',
        reason: 'not_decision_item',
      });
    }
    expect(writtenState(context)).toEqual(before);
  });

  it('is 409 item_waived for a waived decision', async () => {
    const { intake } = await withDecisions({ status: 'waived' });
    await expect(answer(intake.id, 'style', 'modern')).rejects.toMatchObject({
      code: 'conflict',
      reason: 'item_waived',
    });
  });

  it('is 404 item_not_found for an unknown key and 409 intake_archived for an archived intake', async () => {
    const { intake } = await withDecisions();
    const { intake: archived } = await givenIntake(context, given, {
      status: 'archived',
      items: [{ key: 'style', type: 'select', assignee: 'owner', options: ['modern'] }],
    });
    await expect(answer(intake.id, 'nope', 'x')).rejects.toMatchObject({ code: 'not_found', reason: 'item_not_found' });
    await expect(answer(archived.id, 'style', 'modern')).rejects.toMatchObject({ reason: 'intake_archived' });
    expect(context.auditActions()).toEqual([]);
  });
});
