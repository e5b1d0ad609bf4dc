import { FILE_TYPES } from '@intake/domain-items';
import { multipart, pdf, png } from '@intake/testing';
import { invitationTokenFor, PASSWORD, type Session, uniqueEmail } from './accounts-client';
import { type Api } from './api-test-app';
import { type OpenApiDocument, type Operation, sampleJson } from './access-matrix.document';

/** Who makes a world's resources: a session of the account, and a key of the world's mode. */
export interface Creator {
  session: () => Session;
  key: string;
}

interface Item {
  key: string;
  type: string;
}
interface IntakeBody {
  items: Item[];
  client: Record<string, unknown>;
}

/**
 * The intake every world holds: the document's own example of POST /v1/intakes (so the examples
 * of other bodies, such as a revision's `item_key`, name its items) without item constraints, as
 * a draft (drafts count no invitation; a world sends its intake only when it needs the portal).
 */
export function worldIntakeBody(document: OpenApiDocument): IntakeBody {
  const schema = document.paths['/v1/intakes']?.['post']?.requestBody?.content?.['application/json']?.schema;
  if (!schema) throw new Error('the document has no POST /v1/intakes to take the fixtures’ intake from');
  const body = sampleJson(schema, document) as IntakeBody;
  return { ...body, items: body.items.map((item) => ({ ...item, constraints: undefined })) };
}

const ok = async <T>(what: string, status: number, response: Promise<{ statusCode: number; body: string }>) => {
  const answer = await response;
  if (answer.statusCode !== status) throw new Error(`fixture ${what}: ${answer.statusCode} ${answer.body}`);
  return JSON.parse(answer.body || 'null') as T;
};

/**
 * One set of an account's resources in one mode, each made on first use: an intake with a file
 * item holding an uploaded file, a brief file and an additional recipient; a folder; an API key;
 * a member. Shared worlds serve the refusals; each allowed principal gets a fresh one, so that
 * what one operation deletes or changes cannot decide another's answer.
 */
export class World {
  private readonly made = new Map<string, Promise<unknown>>();
  private readonly recipientEmail = uniqueEmail('recipient');

  constructor(
    private readonly api: Api,
    private readonly creator: Creator,
    private readonly intakeBody: IntakeBody,
  ) {}

  private once<T>(name: string, make: () => Promise<T>): Promise<T> {
    if (!this.made.has(name)) this.made.set(name, make());
    return this.made.get(name) as Promise<T>;
  }

  private asKey(method: 'POST', url: string, payload?: object) {
    return this.api.client.asKey(this.creator.key, { method, url, payload });
  }

  intake(): Promise<{ id: string; slug: string }> {
    return this.once('intake', async () => {
      const body = {
        ...this.intakeBody,
        client: { ...this.intakeBody.client, also_notify: [{ email: this.recipientEmail }] },
        send: false,
      };
      const created = await ok<{ intake_id: string; portal_url: string }>(
        'intake',
        201,
        this.asKey('POST', '/v1/intakes', body),
      );
      return { id: created.intake_id, slug: created.portal_url.split('/').pop() as string };
    });
  }

  async intakeId(): Promise<string> {
    return (await this.intake()).id;
  }

  /** The intake's first file item: the one whose uploaded file the file routes serve. */
  itemKey(): Promise<string> {
    const item = this.intakeBody.items.find((i) => (FILE_TYPES as readonly string[]).includes(i.type));
    if (!item) throw new Error('the example intake of POST /v1/intakes has no file item to upload to');
    return Promise.resolve(item.key);
  }

  itemFile(): Promise<string> {
    return this.once('itemFile', async () => {
      const { id, slug } = await this.intake();
      await ok('send', 200, this.asKey('POST', `/v1/intakes/${id}/send`));
      const form = multipart('file', 'logo.png', png(8, 8));
      const url = `/portal/v1/${slug}/items/${await this.itemKey()}/files`;
      const uploaded = this.api.client.request({ method: 'POST', url, ...form });
      return (await ok<{ file: { id: string } }>('item file', 201, uploaded)).file.id;
    });
  }

  briefFile(): Promise<string> {
    return this.once('briefFile', async () => {
      const form = multipart('file', 'brief.pdf', pdf('brief'));
      const url = `/v1/intakes/${await this.intakeId()}/brief/files`;
      const response = this.api.client.asKey(this.creator.key, { method: 'POST', url, ...form });
      return (await ok<{ file: { id: string } }>('brief file', 201, response)).file.id;
    });
  }

  async recipient(): Promise<string> {
    await this.intake();
    return this.recipientEmail;
  }

  folder(): Promise<string> {
    return this.once('folder', async () => {
      const created = this.asKey('POST', '/v1/folders', { name: uniqueEmail('folder').split('@')[0] });
      return (await ok<{ folder: { id: string } }>('folder', 201, created)).folder.id;
    });
  }

  apiKey(): Promise<string> {
    return this.once('apiKey', async () => {
      return (await this.api.client.createKey(this.creator.session(), ['intakes:read'])).id;
    });
  }

  /** A webhook endpoint of the world's mode (its key's), registered through the api. */
  webhook(): Promise<string> {
    return this.once('webhook', async () => {
      const payload = { url: 'https://hooks.example.com/access-matrix', events: ['item.submitted'] };
      return (await ok<{ id: string }>('webhook', 201, this.asKey('POST', '/v1/webhooks', payload))).id;
    });
  }

  /** A delivery of that endpoint: its test delivery, pending. */
  webhookDelivery(): Promise<string> {
    return this.once('webhookDelivery', async () => {
      const url = `/v1/webhooks/${await this.webhook()}/test`;
      return (await ok<{ delivery_id: string }>('webhook delivery', 202, this.asKey('POST', url))).delivery_id;
    });
  }

  /**
   * A test clock of the world's account, made by the world's key when it is a test key that may,
   * else by a test admin key the world's session makes (clocks are the account's, test mode only).
   */
  testClock(): Promise<string> {
    return this.once('testClock', async () => {
      const payload = { frozen_time: '2030-01-01T09:00:00Z', name: 'access matrix' };
      let created = await this.asKey('POST', '/v1/test_clocks', payload);
      if (created.statusCode === 404 || created.statusCode === 403) {
        const { key } = await this.api.client.createKey(this.creator.session(), ['admin'], 'test');
        created = await this.api.client.asKey(key, { method: 'POST', url: '/v1/test_clocks', payload });
      }
      return (await ok<{ test_clock: { id: string } }>('test clock', 201, Promise.resolve(created))).test_clock.id;
    });
  }

  /** A member invited and accepted through the api: their user id. */
  member(): Promise<string> {
    return this.once('member', async () => (await inviteMember(this.api, this.creator.session())).userId);
  }
}

export async function inviteMember(api: Api, owner: Session): Promise<{ email: string; userId: string }> {
  const email = uniqueEmail('member');
  const invite = api.client.asSession(owner, {
    method: 'POST',
    url: '/v1/team/invitations',
    payload: { email, name: 'M' },
  });
  await ok('invitation', 201, invite);
  const token = await invitationTokenFor(api.t.config.mail.outboxDir, email);
  const payload = { token, password: PASSWORD, name: 'Member' };
  const accept = api.client.request({ method: 'POST', url: '/v1/auth/accept-invitation', payload });
  return { email, userId: (await ok<{ user: { id: string } }>('member', 201, accept)).user.id };
}

/** Where a path parameter's value comes from. */
export interface PathFixture {
  /** The end of the path up to and including the parameter; the longest match wins. */
  suffix: string;
  value: (world: World) => Promise<string>;
  /** Part of an intake: a key of the other mode (or another test key) must not reach it. */
  modal: boolean;
  /** An identifier (not a name inside its parent, like an item key): another account's must not resolve. */
  id: boolean;
  /**
   * Of the mode, not of the key that made it (a webhook endpoint): every test key of the account
   * reaches it, so "another test key" is no refusal for it (webhooks.e2e.spec.ts checks that it
   * is allowed); the other mode's keys still must not reach it, while a session reaches both modes
   * (the positive control also calls it as a session on a test key's world).
   */
  sharedByMode?: true;
}

/** The path parameters of the api's routes (see the controllers' `@Param`s), by what they name. */
export const PATH_FIXTURES: readonly PathFixture[] = [
  { suffix: '/intakes/{id}', value: (w) => w.intakeId(), modal: true, id: true },
  { suffix: '/items/{key}', value: (w) => w.itemKey(), modal: true, id: false },
  { suffix: '/items/{key}/files/{fileId}', value: (w) => w.itemFile(), modal: true, id: true },
  { suffix: '/brief/files/{fileId}', value: (w) => w.briefFile(), modal: true, id: true },
  { suffix: '/recipients/{email}', value: (w) => w.recipient(), modal: true, id: false },
  { suffix: '/folders/{id}', value: (w) => w.folder(), modal: false, id: true },
  { suffix: '/keys/{id}', value: (w) => w.apiKey(), modal: false, id: true },
  { suffix: '/members/{userId}', value: (w) => w.member(), modal: false, id: true },
  { suffix: '/webhooks/{id}', value: (w) => w.webhook(), modal: true, id: true, sharedByMode: true },
  { suffix: '/deliveries/{deliveryId}', value: (w) => w.webhookDelivery(), modal: true, id: true, sharedByMode: true },
  // Test mode only, shared by the account's test keys: live keys are refused by their own rule.
  { suffix: '/test_clocks/{id}', value: (w) => w.testClock(), modal: false, id: true },
];

/** The fixture of each path parameter; throws naming the first parameter without one. */
export function fixturesOf(operation: Operation): Map<string, PathFixture> {
  const fixtures = new Map<string, PathFixture>();
  for (const param of operation.pathParams) {
    const upTo = operation.path.slice(0, operation.path.indexOf(`{${param}}`) + param.length + 2);
    const matches = PATH_FIXTURES.filter((f) => upTo.endsWith(f.suffix));
    const fixture = matches.sort((a, b) => b.suffix.length - a.suffix.length)[0];
    if (!fixture) throw new Error(`no fixture for path parameter ${param} of ${operation.name}`);
    fixtures.set(param, fixture);
  }
  return fixtures;
}

/** The path parameters' values, each from the world `worldOf` picks for it. */
export async function pathValues(
  operation: Operation,
  worldOf: (param: string, fixture: PathFixture) => World,
): Promise<Record<string, string>> {
  const entries = [...fixturesOf(operation)].map(
    async ([param, fixture]) => [param, await fixture.value(worldOf(param, fixture))] as const,
  );
  return Object.fromEntries(await Promise.all(entries));
}
