import { type Principal } from '@intake/domain-accounts';
import { type UnitOfWork } from '@intake/kernel';
import { META } from '@intake/testing';
import { type Collections } from '../collect/collections';
import { type ItemSecrets, type SecretState } from '../ports/item-secrets.port';
import { type ResultIntakes } from '../ports/result-intakes.port';
import { revealWindowStart } from '../secrets/reveal-window';
import { type OpenedRelease, type SecretReleases } from '../secrets/secret-releases';
import { DownloadHandover } from './download-handover';

const NOW = new Date('2026-03-31T12:00:00Z');
const WINDOW_START = revealWindowStart(NOW);
const EARLIER = new Date('2026-03-20T08:00:00Z');
const INTAKE = { id: 'int_1', account_id: 'acc_1' };
const OWNER = { kind: 'session', accountId: 'acc_1', userId: 'usr_1', role: 'owner' } as unknown as Principal;

const state = (key: string, patch: Partial<SecretState> = {}): SecretState => ({
  key,
  releasable: true,
  submitted_at: EARLIER,
  released_at: null,
  purged_at: null,
  ...patch,
});

/** The handover over stub ports: `states` as ItemSecrets reads them, `outcomes` per key as SecretReleases answers. */
const setUp = (states: SecretState[], outcomes: Record<string, OpenedRelease> = {}, found = true) => {
  const calls: string[] = [];
  const uow = {
    run: async <T>(work: () => Promise<T>) => {
      calls.push('begin');
      const result = await work();
      calls.push('commit');
      return result;
    },
  } as UnitOfWork;
  const intakes = {
    getForUpdate: jest.fn(async () => (found ? INTAKE : null)),
  } as unknown as ResultIntakes;
  const secrets = { states: jest.fn(async () => states) } as unknown as ItemSecrets;
  const release = jest.fn(async (_intake: unknown, key: string) => {
    calls.push(`release ${key}`);
    return outcomes[key] ?? { outcome: 'unanswered' };
  });
  const deliver = jest.fn(async () => {
    calls.push('deliver');
  });
  const handover = new DownloadHandover(
    uow,
    intakes,
    secrets,
    { release } as unknown as SecretReleases,
    { deliver } as unknown as Collections,
  );
  return { handover, intakes, secrets, release, deliver, calls };
};

const complete = (handover: DownloadHandover, includeSecrets: boolean) =>
  handover.complete({ principal: OWNER, intakeId: 'int_1', includeSecrets, meta: META }, NOW);

describe('DownloadHandover', () => {
  it('refuses an intake it cannot see (404 Intake), releasing and delivering nothing', async () => {
    const { handover, intakes, secrets, release, deliver } = setUp([state('password')], {}, false);
    await expect(complete(handover, true)).rejects.toMatchObject({
      code: 'not_found',
      message: 'Intake was not found.',
    });
    expect(intakes.getForUpdate).toHaveBeenCalledWith(
      { accountId: 'acc_1', mode: null, createdByKeyId: null },
      'int_1',
    );
    expect(secrets.states).not.toHaveBeenCalled();
    expect(release).not.toHaveBeenCalled();
    expect(deliver).not.toHaveBeenCalled();
  });

  it('with include_secrets releases each releasable secret via `download` and says what became of it', async () => {
    const revealedAt = new Date('2026-03-25T10:00:00Z');
    const { handover, release, deliver, calls } = setUp([state('a'), state('b'), state('c'), state('d')], {
      a: { outcome: 'released', value: 'hunter2', submitted_at: EARLIER },
      b: { outcome: 'already_revealed', revealed_at: revealedAt },
      c: { outcome: 'gone' },
      d: { outcome: 'unanswered' },
    });
    const result = await complete(handover, true);
    expect([...result.entries()]).toEqual([
      ['a', { state: 'released', value: 'hunter2', at: NOW }],
      ['b', { state: 'revealed', at: revealedAt }],
      ['c', { state: 'purged' }],
      ['d', { state: 'unanswered' }],
    ]);
    expect(release).toHaveBeenCalledTimes(4);
    expect(release).toHaveBeenNthCalledWith(1, INTAKE, 'a', { principal: OWNER, meta: META, via: 'download' }, NOW);
    expect(deliver).toHaveBeenCalledWith(INTAKE, OWNER, META, NOW);
    // All inside one unit of work, delivery after every release.
    expect(calls).toEqual(['begin', 'release a', 'release b', 'release c', 'release d', 'deliver', 'commit']);
  });

  it('with include_secrets leaves a secret that is not releasable alone, reading its state instead', async () => {
    const released = new Date('2026-03-22T09:00:00Z');
    const { handover, release, deliver } = setUp([
      state('revealed', { releasable: false, released_at: released }),
      state('purged', { releasable: false, purged_at: released }),
      state('empty', { releasable: false, submitted_at: null }),
    ]);
    const result = await complete(handover, true);
    expect(release).not.toHaveBeenCalled();
    expect([...result.entries()]).toEqual([
      ['revealed', { state: 'revealed', at: released }],
      ['purged', { state: 'purged' }],
      ['empty', { state: 'unanswered' }],
    ]);
    expect(deliver).toHaveBeenCalledTimes(1);
  });

  it('without include_secrets consumes nothing: a value inside the reveal window is withheld, one outside purged', async () => {
    const released = new Date('2026-03-22T09:00:00Z');
    const { handover, release, deliver } = setUp([
      state('fresh'),
      state('edge', { submitted_at: new Date(WINDOW_START.getTime()) }),
      state('stale', { submitted_at: new Date(WINDOW_START.getTime() - 1) }),
      state('undated', { submitted_at: null }),
      state('revealed', { released_at: released, purged_at: released }),
      state('purged', { purged_at: released }),
      state('unanswered', { releasable: false }),
    ]);
    const result = await complete(handover, false);
    expect(release).not.toHaveBeenCalled();
    expect(Object.fromEntries(result)).toEqual({
      fresh: { state: 'withheld' },
      edge: { state: 'withheld' },
      stale: { state: 'purged' },
      undated: { state: 'purged' },
      revealed: { state: 'revealed', at: released },
      purged: { state: 'purged' },
      unanswered: { state: 'unanswered' },
    });
    expect(deliver).toHaveBeenCalledWith(INTAKE, OWNER, META, NOW);
  });

  it('a value submitted a millisecond after the window start is still withheld', async () => {
    const { handover } = setUp([state('x', { submitted_at: new Date(WINDOW_START.getTime() + 1) })]);
    expect((await complete(handover, false)).get('x')).toEqual({ state: 'withheld' });
  });
});
