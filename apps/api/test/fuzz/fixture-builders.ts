import { multipart, pdf, png } from '@intake/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { invitationTokenFor, PASSWORD, uniqueEmail } from '../accounts-client';
import { type Api, type Owner } from '../api-test-app';

/**
 * How each fixture is made, through the api itself as the owner's session: a folder, a template,
 * a live intake with a bounced recipient and items in each state the operations act on (submitted,
 * with an uploaded file, received outside, waived, with a waiver proposed by the client), a brief
 * file and a signed URL to it, a spare API key, a team member, an unused invitation, and a webhook
 * endpoint with a test delivery, and a test clock (with the owner's test key: clocks are test mode's).
 */

export type Part =
  | 'folder'
  | 'template'
  | 'intake'
  | 'itemStates'
  | 'briefFile'
  | 'signedUrl'
  | 'spareKey'
  | 'member'
  | 'invitation'
  | 'webhook'
  | 'webhookDelivery'
  | 'testClock';

/** What a part needs first; dropping a part drops what needs it. */
export const DEPENDS_ON: Record<Part, Part[]> = {
  folder: [],
  template: [],
  intake: ['folder'],
  itemStates: ['intake'],
  briefFile: ['intake'],
  signedUrl: ['briefFile'],
  spareKey: [],
  member: [],
  invitation: [],
  webhook: [],
  webhookDelivery: ['webhook'],
  testClock: [],
};

/** The intake's items: each kind of item the owner's operations treat differently. */
export const ITEMS = [
  { key: 'about', type: 'longtext', label: 'About you', constraints: { max_chars: 2000 } },
  { key: 'logo', type: 'image', label: 'Logo' },
  { key: 'password', type: 'secret', label: 'Hosting password', required: false },
  { key: 'extras', type: 'text', label: 'Anything else?', required: false },
  { key: 'notes', type: 'text', label: 'Notes', required: false },
  { key: 'brand', type: 'text', label: 'Brand colours', required: false },
  { key: 'task', type: 'text', label: 'Send the contract', assignee: 'owner' },
  {
    key: 'style',
    type: 'select',
    label: 'Style',
    assignee: 'owner',
    options: ['clean', 'bold'],
    proposed: { value: 'bold', rationale: 'matches the brand' },
  },
];
export const RECIPIENT = 'assistant@client.example';
export const CLIENT = 'client@client.example';

export interface World {
  owner: Owner;
  /** The address the fuzzer's requests come from: log-in throttling stays within one world. */
  remoteAddress: string;
  folder?: string;
  template?: string;
  intake?: { id: string; slug: string };
  /** The intake's items put in their states (itemStates); the id of the file uploaded to `logo`. */
  itemStates?: { file: string };
  briefFile?: string;
  /** The query of a signed download URL: key, expires, filename, type, sig. */
  signedUrl?: Record<string, string>;
  spareKey?: string;
  member?: string;
  invitation?: string;
  /** A live webhook endpoint (the session's mode) and its test delivery. */
  webhook?: string;
  webhookDelivery?: string;
  /** A ready test clock, made with the owner's test key. */
  testClock?: string;
}

/** One request as the world's owner; anything but `expected` fails the fixture. */
async function call(api: Api, world: World, options: InjectOptions, expected: number): Promise<LightMyRequestResponse> {
  const { session } = world.owner;
  const unsafe = options.method !== 'GET';
  const response = await api.client.request({
    ...options,
    headers: { ...options.headers, cookie: session.cookie, ...(unsafe ? { 'x-csrf-token': session.csrf } : {}) },
  });
  if (response.statusCode !== expected) {
    throw new Error(`${options.method} ${options.url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
  return response;
}

/** A live intake, sent, filed in the folder, with `about` submitted and the extra recipient bounced. */
async function intake(api: Api, world: World): Promise<{ id: string; slug: string }> {
  const payload = {
    project_name: 'Fuzz site',
    client: { email: CLIENT, name: 'Client', also_notify: [{ email: RECIPIENT, name: 'Assistant' }] },
    client_brief: 'Hello!',
    items: ITEMS,
    folder_id: world.folder,
  };
  const created = (await call(api, world, { method: 'POST', url: '/v1/intakes', payload }, 201)).json<{
    intake_id: string;
    portal_url: string;
  }>();
  const id = created.intake_id;
  const slug = created.portal_url.split('/').pop() ?? '';
  const submit = {
    method: 'PUT',
    url: `/portal/v1/${slug}/items/about`,
    payload: { value: 'We bake bread.' },
  } as const;
  await call(api, world, submit, 200);
  // A bounce arrives from the mail provider, which no endpoint stands in for. The client's address
  // stays good: with every address bounced, nothing could be chased.
  await api.db.query(
    `UPDATE intakes SET also_notify = jsonb_set(also_notify, '{0,bounced_at}', to_jsonb(now())) WHERE id = $1`,
    [id],
  );
  return { id, slug };
}

/**
 * The intake's other items in the states the item operations act on: a file uploaded to `logo`,
 * `extras` received outside, `brand` waived, a waiver proposed by the client on `notes`.
 */
async function itemStates(api: Api, world: World): Promise<{ file: string }> {
  const id = world.intake?.id ?? '';
  const portal = `/portal/v1/${world.intake?.slug ?? ''}/items`;
  const steps: Array<[InjectOptions, number]> = [
    [{ method: 'POST', url: `/v1/intakes/${id}/items/extras/received-outside`, payload: {} }, 200],
    [{ method: 'POST', url: `/v1/intakes/${id}/items/brand/waive`, payload: { reason: 'None' } }, 200],
    [{ method: 'POST', url: `${portal}/notes/waiver`, payload: { reason: 'Nothing to add' } }, 200],
  ];
  for (const [options, expected] of steps) await call(api, world, options, expected);
  const upload = multipart('file', 'logo.png', png(8, 8));
  const file = await call(api, world, { method: 'POST', url: `${portal}/logo/files`, ...upload }, 201);
  return { file: file.json<{ file: { id: string } }>().file.id };
}

/** Makes `part` and records it in the world. */
export async function buildPart(api: Api, world: World, part: Part): Promise<void> {
  const n = uniqueEmail('x').split('@')[0];
  const fileOf = (response: LightMyRequestResponse) => response.json<{ file: { id: string } }>().file.id;
  switch (part) {
    case 'folder': {
      const response = await call(api, world, { method: 'POST', url: '/v1/folders', payload: { name: `F ${n}` } }, 201);
      world.folder = response.json<{ folder: { id: string } }>().folder.id;
      return;
    }
    case 'template': {
      const payload = { name: `Template ${n}`, items: ITEMS };
      const response = await call(api, world, { method: 'POST', url: '/v1/templates', payload }, 201);
      world.template = response.json<{ template: { slug: string } }>().template.slug;
      return;
    }
    case 'intake':
      world.intake = await intake(api, world);
      return;
    case 'itemStates':
      world.itemStates = await itemStates(api, world);
      return;
    case 'briefFile': {
      const url = `/v1/intakes/${world.intake?.id}/brief/files`;
      const upload = multipart('file', 'brief.pdf', pdf());
      world.briefFile = fileOf(await call(api, world, { method: 'POST', url, ...upload }, 201));
      return;
    }
    case 'signedUrl': {
      const url = `/v1/intakes/${world.intake?.id}/brief/files/${world.briefFile}/url`;
      const location = String((await call(api, world, { method: 'GET', url }, 302)).headers['location']);
      world.signedUrl = Object.fromEntries(new URL(location).searchParams);
      return;
    }
    case 'webhook': {
      const payload = { url: `https://hooks.example.com/${n}`, events: ['item.submitted', 'intake.completed'] };
      const response = await call(api, world, { method: 'POST', url: '/v1/webhooks', payload }, 201);
      world.webhook = response.json<{ id: string }>().id;
      return;
    }
    case 'webhookDelivery': {
      const url = `/v1/webhooks/${world.webhook}/test`;
      world.webhookDelivery = (await call(api, world, { method: 'POST', url }, 202)).json<{
        delivery_id: string;
      }>().delivery_id;
      return;
    }
    case 'testClock': {
      const payload = { frozen_time: '2030-01-01T09:00:00Z' };
      const response = await api.client.asKey(world.owner.testKey ?? '', {
        method: 'POST',
        url: '/v1/test_clocks',
        payload,
      });
      if (response.statusCode !== 201) throw new Error(`fixture testClock: ${response.statusCode} ${response.body}`);
      world.testClock = response.json<{ test_clock: { id: string } }>().test_clock.id;
      return;
    }
    case 'spareKey':
      world.spareKey = (await api.client.createKey(world.owner.session, ['intakes:read'])).id;
      return;
    case 'invitation':
    case 'member': {
      const email = uniqueEmail('member');
      await call(api, world, { method: 'POST', url: '/v1/team/invitations', payload: { email, name: 'M' } }, 201);
      const token = await invitationTokenFor(api.t.config.mail.outboxDir, email);
      if (part === 'invitation') {
        world.invitation = token;
        return;
      }
      const payload = { token, password: PASSWORD, name: 'Member' };
      const accepted = await call(api, world, { method: 'POST', url: '/v1/auth/accept-invitation', payload }, 201);
      world.member = accepted.json<{ user: { id: string } }>().user.id;
      return;
    }
  }
}
