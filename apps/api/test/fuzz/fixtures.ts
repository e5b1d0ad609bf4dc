import { PASSWORD } from '../accounts-client';
import { type Api, type Owner } from '../api-test-app';
import { buildPart, CLIENT, DEPENDS_ON, ITEMS, type Part, RECIPIENT, type World } from './fixture-builders';

/**
 * Real things for the fuzzer's requests to point at (fixture-builders.ts): an owner on the top
 * plan with a session and an admin key of each mode, and what an operation's parameters name. Each value has a
 * name: a path parameter as `<collection>/{param}` (`intakes/{id}`), or a body field (`folder_id`).
 * This table is the one hand-kept mapping, from parameter names to fixtures.
 */

interface Provider {
  part?: Part;
  values(world: World): string[];
}

/** What each name resolves to. A path parameter is named by the collection before it. */
const PROVIDERS: Record<string, Provider> = {
  'intakes/{id}': { part: 'intake', values: (w) => [w.intake?.id ?? ''] },
  'v1/{slug}': { part: 'intake', values: (w) => [w.intake?.slug ?? ''] },
  'items/{key}': { part: 'itemStates', values: () => ITEMS.map((i) => i.key) },
  'recipients/{email}': { part: 'intake', values: () => [RECIPIENT, CLIENT] },
  'items/files/{fileId}': { part: 'itemStates', values: (w) => [w.itemStates?.file ?? ''] },
  'brief/files/{fileId}': { part: 'briefFile', values: (w) => [w.briefFile ?? ''] },
  'folders/{id}': { part: 'folder', values: (w) => [w.folder ?? ''] },
  'keys/{id}': { part: 'spareKey', values: (w) => [w.spareKey ?? ''] },
  'members/{userId}': { part: 'member', values: (w) => [w.member ?? ''] },
  'webhooks/{id}': { part: 'webhook', values: (w) => [w.webhook ?? ''] },
  'deliveries/{deliveryId}': { part: 'webhookDelivery', values: (w) => [w.webhookDelivery ?? ''] },
  'test_clocks/{id}': { part: 'testClock', values: (w) => [w.testClock ?? ''] },
  folder_id: { part: 'folder', values: (w) => [w.folder ?? ''] },
  item_key: { part: 'itemStates', values: () => ITEMS.map((i) => i.key) },
  template: { part: 'template', values: (w) => [w.template ?? ''] },
  token: { part: 'invitation', values: (w) => [w.invitation ?? ''] },
  email: { values: (w) => [w.owner.email, RECIPIENT] },
  password: { values: () => [PASSWORD] },
  // Query parameters, `?name`: the signed download URL's.
  ...Object.fromEntries(
    ['key', 'expires', 'filename', 'type', 'sig'].map((name) => [
      `?${name}`,
      { part: 'signedUrl', values: (w: World) => [w.signedUrl?.[name] ?? ''] },
    ]),
  ),
};

/** Body fields (and `?query` parameters) the fixtures can fill. */
export const FIXTURE_FIELDS: ReadonlySet<string> = new Set(Object.keys(PROVIDERS).filter((n) => !n.includes('{')));

/** The fixture name of a path parameter (`intakes/{id}`), or undefined when none fits. */
export function pathFixtureName(path: string, parameter: string): string | undefined {
  const segments = path.split('/');
  const at = segments.indexOf(`{${parameter}}`);
  const before = segments.slice(0, at).filter((s) => !s.startsWith('{'));
  return [before.slice(-2).join('/'), before.slice(-1).join('/')]
    .map((prefix) => `${prefix}/{${parameter}}`)
    .find((name) => name in PROVIDERS);
}

let addresses = 0;

/**
 * The fixtures of a run: built on demand, rebuilt when used up. The owner carries over from one
 * operation to the next (each sign-up and log-in costs a deliberately slow password hash), the
 * things it owns do not (`forOperation`).
 */
export class Fixtures {
  private world?: World;
  private requests = 0;

  constructor(
    private readonly api: Api,
    /** A fresh owner after this many requests: counters and quotas start again. */
    private readonly requestsPerWorld: number,
  ) {}

  /** A new operation starts: its folder, intake and the rest are made afresh. */
  forOperation(): void {
    if (this.world) this.world = { owner: this.world.owner, remoteAddress: this.world.remoteAddress };
  }

  /** Readies what the names need; call before each request. */
  async prepare(names: Iterable<string>): Promise<void> {
    if (!this.world || this.requests >= this.requestsPerWorld) await this.newWorld();
    this.requests += 1;
    for (const name of names) {
      const part = PROVIDERS[name]?.part;
      if (part) await this.ensure(part);
    }
  }

  get owner(): Owner {
    return this.current().owner;
  }

  get remoteAddress(): string {
    return this.current().remoteAddress;
  }

  value(name: string, pick: number): string | undefined {
    const values = PROVIDERS[name]?.values(this.current());
    return values?.length ? values[pick % values.length] : undefined;
  }

  /** After a request changed what the names point at (deleted it, archived it…): build anew. */
  used(names: Iterable<string>): void {
    for (const name of names) {
      const part = PROVIDERS[name]?.part;
      if (part) this.drop(part);
    }
  }

  /** The credentials stopped working (signed out, key revoked): sign in again, or a new key. */
  async credentialsGone(auth: 'session' | 'key'): Promise<void> {
    const world = this.current();
    try {
      if (auth === 'session') world.owner.session = await this.api.client.logIn(world.owner.email, PASSWORD);
      else {
        world.owner.key = (await this.api.client.createKey(world.owner.session, ['admin'])).key;
        world.owner.testKey = (await this.api.client.createKey(world.owner.session, ['admin'], 'test')).key;
      }
    } catch {
      await this.newWorld();
    }
  }

  private current(): World {
    if (!this.world) throw new Error('fixtures: prepare() first');
    return this.world;
  }

  private drop(part: Part): void {
    if (!this.world) return;
    delete this.world[part];
    for (const [other, needs] of Object.entries(DEPENDS_ON)) if (needs.includes(part)) this.drop(other as Part);
  }

  private async newWorld(): Promise<void> {
    addresses += 1;
    const remoteAddress = `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
    this.world = { owner: await this.api.owner({ plan: 'agency', testKey: true }), remoteAddress };
    this.requests = 0;
  }

  private async ensure(part: Part): Promise<void> {
    const world = this.current();
    if (world[part] !== undefined) return;
    for (const need of DEPENDS_ON[part]) await this.ensure(need);
    try {
      await buildPart(this.api, world, part);
    } catch (error) {
      // Limits of the hour (invitations) or state the fuzzing left behind: start over once.
      await this.newWorld();
      for (const need of DEPENDS_ON[part]) await this.ensure(need);
      await buildPart(this.api, this.current(), part).catch((again: Error) => {
        throw new Error(`fixture ${part}: ${again.message} (first attempt: ${(error as Error).message})`);
      });
    }
  }
}
