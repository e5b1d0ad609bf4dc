import { multipart, pdf, png } from '@intake/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { invitationTokenFor, PASSWORD, uniqueEmail } from '../accounts-client';
import { type Api, type Owner } from '../api-test-app';
import { type Operation } from './document';

/**
 * Real things for the fuzzer's requests to point at: an owner on the top plan with a session and
 * an admin key, and, as an operation needs them, a folder, a template, a live intake with items
 * of each kind (one submitted, one with an uploaded file), a brief file, a spare key, a team
 * member and an unused invitation. Each value has a name: a path parameter as `<collection>/{param}`
 * (`intakes/{id}`), or a body field (`folder_id`).
 */

type Part = 'folder' | 'template' | 'intake' | 'itemFile' | 'briefFile' | 'spareKey' | 'member' | 'invitation';

interface Provider {
  part?: Part;
  values(world: World): string[];
}

const DEPENDS_ON: Record<Part, Part[]> = {
  folder: [],
  template: [],
  intake: ['folder'],
  itemFile: ['intake'],
  briefFile: ['intake'],
  spareKey: [],
  member: [],
  invitation: [],
};

/** The intake's items: each kind of item the owner's operations treat differently. */
const ITEMS = [
  { key: 'about', type: 'longtext', label: 'About you', constraints: { max_chars: 2000 } },
  { key: 'logo', type: 'image', label: 'Logo', required: false },
  { key: 'password', type: 'secret', label: 'Hosting password', required: false },
  { key: 'extras', type: 'text', label: 'Anything else?', required: false },
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
const RECIPIENT = 'assistant@client.example';
const CLIENT = 'client@client.example';

interface World {
  owner: Owner;
  remoteAddress: string;
  folder?: string;
  template?: string;
  intake?: { id: string; slug: string };
  itemFile?: string;
  briefFile?: string;
  spareKey?: string;
  member?: string;
  invitation?: string;
}

/** What each name resolves to. A path parameter is named by the collection before it. */
const PROVIDERS: Record<string, Provider> = {
  'intakes/{id}': { part: 'intake', values: (w) => [w.intake?.id ?? ''] },
  'v1/{slug}': { part: 'intake', values: (w) => [w.intake?.slug ?? ''] },
  'items/{key}': { part: 'intake', values: () => ITEMS.map((i) => i.key) },
  'recipients/{email}': { part: 'intake', values: () => [RECIPIENT, CLIENT] },
  'items/files/{fileId}': { part: 'itemFile', values: (w) => [w.itemFile ?? ''] },
  'brief/files/{fileId}': { part: 'briefFile', values: (w) => [w.briefFile ?? ''] },
  'folders/{id}': { part: 'folder', values: (w) => [w.folder ?? ''] },
  'keys/{id}': { part: 'spareKey', values: (w) => [w.spareKey ?? ''] },
  'members/{userId}': { part: 'member', values: (w) => [w.member ?? ''] },
  folder_id: { part: 'folder', values: (w) => [w.folder ?? ''] },
  item_key: { part: 'intake', values: () => ITEMS.map((i) => i.key) },
  template: { part: 'template', values: (w) => [w.template ?? ''] },
  token: { part: 'invitation', values: (w) => [w.invitation ?? ''] },
  email: { values: (w) => [w.owner.email, RECIPIENT] },
  password: { values: () => [PASSWORD] },
};

/** Body fields the fixtures can fill. */
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

/** The fixtures of one operation's run: built on demand, rebuilt when used up. */
export class Fixtures {
  private world?: World;
  private requests = 0;

  constructor(
    private readonly api: Api,
    /** A fresh owner after this many requests: counters and quotas start again. */
    private readonly requestsPerWorld: number,
  ) {}

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

  /** The credentials stopped working (signed out, key revoked): a new owner. */
  async credentialsGone(): Promise<void> {
    await this.newWorld();
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
    this.world = { owner: await this.api.owner({ plan: 'agency' }), remoteAddress };
    this.requests = 0;
  }

  private async ensure(part: Part): Promise<void> {
    const world = this.current();
    if (world[part] !== undefined) return;
    for (const need of DEPENDS_ON[part]) await this.ensure(need);
    try {
      await this.build(world, part);
    } catch (error) {
      // Limits of the hour (invitations) or state the fuzzing left behind: start over once.
      await this.newWorld();
      for (const need of DEPENDS_ON[part]) await this.ensure(need);
      await this.build(this.current(), part).catch((again: Error) => {
        throw new Error(`fixture ${part}: ${again.message} (first attempt: ${(error as Error).message})`);
      });
    }
  }

  private async call(options: InjectOptions, expected: number): Promise<LightMyRequestResponse> {
    const { session } = this.current().owner;
    const unsafe = options.method !== 'GET';
    const response = await this.api.client.request({
      ...options,
      headers: { ...options.headers, cookie: session.cookie, ...(unsafe ? { 'x-csrf-token': session.csrf } : {}) },
    });
    if (response.statusCode !== expected) {
      throw new Error(`${options.method} ${options.url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    }
    return response;
  }

  private async build(world: World, part: Part): Promise<void> {
    const n = uniqueEmail('x').split('@')[0];
    switch (part) {
      case 'folder':
        world.folder = (
          await this.call({ method: 'POST', url: '/v1/folders', payload: { name: `Folder ${n}` } }, 201)
        ).json<{ folder: { id: string } }>().folder.id;
        return;
      case 'template':
        world.template = (
          await this.call(
            { method: 'POST', url: '/v1/templates', payload: { name: `Template ${n}`, items: ITEMS } },
            201,
          )
        ).json<{ template: { slug: string } }>().template.slug;
        return;
      case 'intake':
        world.intake = await this.intake(world);
        return;
      case 'itemFile': {
        const upload = multipart('file', 'logo.png', png(8, 8));
        const url = `/portal/v1/${world.intake?.slug}/items/logo/files`;
        world.itemFile = (await this.call({ method: 'POST', url, ...upload }, 201)).json<{
          file: { id: string };
        }>().file.id;
        return;
      }
      case 'briefFile': {
        const upload = multipart('file', 'brief.pdf', pdf());
        const url = `/v1/intakes/${world.intake?.id}/brief/files`;
        world.briefFile = (await this.call({ method: 'POST', url, ...upload }, 201)).json<{
          file: { id: string };
        }>().file.id;
        return;
      }
      case 'spareKey':
        world.spareKey = (await this.api.client.createKey(world.owner.session, ['intakes:read'])).id;
        return;
      case 'invitation':
      case 'member': {
        const email = uniqueEmail('member');
        await this.call({ method: 'POST', url: '/v1/team/invitations', payload: { email, name: 'Member' } }, 201);
        const token = await invitationTokenFor(this.api.t.config.mail.outboxDir, email);
        if (part === 'invitation') {
          world.invitation = token;
          return;
        }
        const payload = { token, password: PASSWORD, name: 'Member' };
        const accepted = await this.call({ method: 'POST', url: '/v1/auth/accept-invitation', payload }, 201);
        world.member = accepted.json<{ user: { id: string } }>().user.id;
        return;
      }
    }
  }

  /** A live intake, sent, filed in the folder, with an extra recipient and its first item submitted. */
  private async intake(world: World): Promise<{ id: string; slug: string }> {
    const payload = {
      project_name: 'Fuzz site',
      client: { email: CLIENT, name: 'Client', also_notify: [{ email: RECIPIENT, name: 'Assistant' }] },
      client_brief: 'Hello!',
      items: ITEMS,
      folder_id: world.folder,
    };
    const created = (await this.call({ method: 'POST', url: '/v1/intakes', payload }, 201)).json<{
      intake_id: string;
      portal_url: string;
    }>();
    const slug = created.portal_url.split('/').pop() ?? '';
    await this.call(
      { method: 'PUT', url: `/portal/v1/${slug}/items/about`, payload: { value: 'We bake bread.' } },
      200,
    );
    return { id: created.intake_id, slug };
  }
}

/** Every fixture name an operation's path can use, with its parameter. */
export function pathFixtures(operation: Operation): Map<string, string | undefined> {
  const names = new Map<string, string | undefined>();
  for (const p of operation.parameters) if (p.in === 'path') names.set(p.name, pathFixtureName(operation.path, p.name));
  return names;
}
