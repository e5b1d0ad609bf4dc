import { type Operation } from './access-matrix.document';
import { fixturesOf, type World } from './access-matrix.fixtures';
import { type Caller, withKey, withSession } from './access-matrix.requests';
import { inWorld, type Rule, sendAll, testOnly, viaKey, viaSession } from './access-matrix.checks';

/**
 * 404 reasons about the state of a resource the caller did reach (DELETE …/received-outside on an
 * item never marked): past access. A reason that is not here counts as a refusal.
 */
const STATE_NOT_FOUND = ['not_received_outside'];

/** Some path parameter names what belongs to a mode, not to a key (a webhook endpoint). */
const ofAMode = (operation: Operation): boolean => [...fixturesOf(operation).values()].some((f) => f.sharedByMode);

/**
 * Positive control: every kind of principal the rule allows, each on a fresh world of its own (so
 * what one deletes cannot decide another's answer), is answered anything but 401, 403 or a 404
 * saying the resource is missing. So a matrix of refusals cannot pass because nothing resolves.
 */
export const allowed: Rule = {
  title: (access) =>
    [
      viaKey(access) ? `a key with only ${access.scope ? `\`${access.scope}\`` : 'some scope'}, a test key` : undefined,
      viaSession(access) ? 'the owner' : undefined,
      viaSession(access) && access.role !== 'owner' ? 'a member' : undefined,
    ]
      .filter(Boolean)
      .join(', ') + ' → not refused',
  applies: () => true,
  async check(m, operation, access) {
    await Promise.all([m.p.owner.ensureAlive(), m.p.member.ensureAlive()]);
    const principals: Array<{ caller: Caller; world: World }> = [];
    if (viaKey(access)) {
      // A test-only operation's scoped key is a test key (a live one is refused with 404).
      const scopedMode = testOnly(access) ? 'test' : 'live';
      const [scoped, test] = await Promise.all([
        m.p.newKey([access.scope ?? m.leastScope], scopedMode),
        m.p.newKey(['admin'], 'test'),
      ]);
      principals.push({
        caller: withKey(`a ${scopedMode} key with only ${access.scope ?? m.leastScope}`, scoped),
        world: testOnly(access) ? m.p.world(scoped) : m.p.world(),
      });
      principals.push({ caller: withKey('a test admin key, its own intake', test), world: m.p.world(test) });
    }
    if (viaSession(access)) {
      principals.push({ caller: withSession('the owner', m.p.owner.get), world: m.p.world() });
      if (access.role !== 'owner')
        principals.push({
          caller: withSession('a member', m.p.member.get),
          world: m.p.world(undefined, m.p.member.get),
        });
      if (ofAMode(operation)) {
        // The team sees both modes' endpoints: a session reaches one a test key registered.
        const testKey = await m.p.newKey(['admin'], 'test');
        principals.push({
          caller: withSession('the owner, a test endpoint', m.p.owner.get),
          world: m.p.world(testKey),
        });
        if (access.role !== 'owner')
          principals.push({
            caller: withSession('a member, a test endpoint', m.p.member.get),
            world: m.p.world(testKey, m.p.member.get),
          });
      }
    }
    expect(principals.length).toBeGreaterThan(0);
    const calls = await Promise.all(
      principals.map(async ({ caller, world }) => ({ caller, values: await inWorld(operation, world) })),
    );
    const answers = await sendAll(m, operation, calls);
    const refused = answers.filter(
      (a) => a.status === 401 || a.status === 403 || (a.status === 404 && !STATE_NOT_FOUND.includes(a.reason ?? '')),
    );
    expect(refused).toEqual([]);
  },
};
