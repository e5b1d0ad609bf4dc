import { type Operation, type Restricted } from './access-matrix.document';
import { fixturesOf, type PathFixture, pathValues, type World } from './access-matrix.fixtures';
import { type Matrix } from './access-matrix.accounts';
import { type Call, type Caller, withKey, withSession } from './access-matrix.requests';
import { expectEach, inWorld, type Rule, testOnly, viaKey, viaSession } from './access-matrix.checks';

/**
 * For an operation of several path parameters: the values of `base` with one identifier at a time
 * (those `which` picks) taken from `other`, so that a child id is checked against its parent
 * (my intake, someone else's file) and not only through it.
 */
async function swaps(operation: Operation, base: World, other: World, which: (f: PathFixture) => boolean) {
  if (operation.pathParams.length < 2) return [];
  const swapped = [...fixturesOf(operation)].filter(([, fixture]) => fixture.id && which(fixture));
  return Promise.all(
    swapped.map(async ([param]) => ({
      param,
      values: await pathValues(operation, (p) => (p === param ? other : base)),
    })),
  );
}

const named = (caller: Caller, label: string): Caller => ({ ...caller, who: `${caller.who}, ${label}` });

/** A's principals that may call the operation (its test key where live keys are refused anyway). */
const principalsOfA = (m: Matrix, access: Restricted): Caller[] => [
  ...(viaKey(access)
    ? [
        testOnly(access)
          ? withKey('A’s test admin key', m.a.owner.testKey as string)
          : withKey('A’s admin key', m.a.owner.key),
      ]
    : []),
  ...(viaSession(access) ? [withSession('A’s owner', () => m.a.owner.session)] : []),
];

export const otherAccount: Rule = {
  title: () => 'another account’s ids → 404 not_found',
  applies: (operation) => operation.pathParams.length > 0,
  async check(m, operation, access) {
    const variants = [
      { label: 'all of B’s ids', values: await inWorld(operation, m.b) },
      ...(await swaps(operation, m.a.live, m.b, () => true)).map(({ param, values }) => ({
        label: `A’s ids but B’s ${param}`,
        values,
      })),
    ];
    const calls = variants.flatMap(({ label, values }) =>
      principalsOfA(m, access).map((caller) => ({ caller: named(caller, label), values })),
    );
    await expectEach(m, operation, calls, { status: 404, error: 'not_found' });
  },
};

const hasModalFixture = (operation: Operation): boolean | undefined => {
  try {
    return [...fixturesOf(operation).values()].some((f) => f.modal);
  } catch {
    return undefined;
  }
};

/** Some path parameter names what one test key made: another test key of the account must not reach it. */
const madeByKey = (operation: Operation): boolean =>
  [...fixturesOf(operation).values()].some((f) => f.modal && !f.sharedByMode);

export const otherMode: Rule = {
  title: () => 'a key of the other mode, or a test key that did not make the intake → 404 not_found',
  // An operation with a parameter of no fixture gets this test too: it fails naming the parameter.
  applies: (operation, access) => viaKey(access) && (hasModalFixture(operation) ?? true),
  async check(m, operation) {
    const [live, test] = await Promise.all([inWorld(operation, m.a.live), inWorld(operation, m.a.test)]);
    const liveKey = withKey('a live key', m.a.owner.key);
    const calls: Call[] = [
      { caller: withKey('a test key, live intake', m.a.owner.testKey as string), values: live },
      { caller: named(liveKey, 'test intake'), values: test },
      ...(madeByKey(operation)
        ? [{ caller: withKey('another test key, test intake', m.a.otherTestKey), values: test }]
        : []),
      ...(await swaps(operation, m.a.live, m.a.test, (f) => f.modal)).map(({ param, values }) => ({
        caller: named(liveKey, `live ids but the test intake’s ${param}`),
        values,
      })),
    ];
    await expectEach(m, operation, calls, { status: 404, error: 'not_found' });
  },
};

export const liveKeyOnTestOnly: Rule = {
  title: () => 'a live key → 404 not_found, whatever the ids and the body (test keys only)',
  applies: (_, access) => testOnly(access),
  async check(m, operation) {
    const calls: Call[] = [
      {
        caller: withKey('A’s live admin key, A’s test ids', m.a.owner.key),
        values: await inWorld(operation, m.a.test),
      },
      { caller: withKey('A’s live admin key, A’s ids', m.a.owner.key), values: await inWorld(operation, m.a.live) },
    ];
    if (operation.object.requestBody) {
      const values = await inWorld(operation, m.a.test);
      calls.push({ caller: withKey('A’s live admin key, an invalid body', m.a.owner.key), values, body: INVALID });
    }
    await expectEach(m, operation, calls, { status: 404, error: 'not_found' });
  },
};

const INVALID = { payload: '[1]', headers: { 'content-type': 'application/json' } };
