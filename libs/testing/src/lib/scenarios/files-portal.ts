import { Readable } from 'node:stream';
import { type AccountRecord } from '@intake/application-accounts';
import { AddBriefFile, type FileRecord, type IncomingFile, ScanFile, UploadFile } from '@intake/application-files';
import { CreateIntake } from '@intake/application-intakes';
import { SubmitItemValue } from '@intake/application-portal';
import { EICAR } from '../clamd-server';
import { pdf, png } from '../file-fixtures';
import { type GivenAccount, givenAccount, type InMemoryContext, META } from '../in-memory/container';
import { copy } from '../in-memory/unit-of-work';
import { type IntakeRecord, type ItemRecord } from '@intake/domain-intake';

/**
 * The items of the portal scenario: a file item of each kind, value items, an optional one and
 * an owner task the client never sees.
 */
export const PORTAL_ITEMS = [
  { key: 'logo', type: 'image', label: 'Logo' },
  { key: 'documents', type: 'file_list', label: 'Documents', constraints: { max_count: 3 } },
  { key: 'contract', type: 'file', label: 'Signed contract', constraints: { formats: ['pdf'] } },
  { key: 'tagline', type: 'text', label: 'Tagline' },
  { key: 'budget', type: 'number', label: 'Budget', required: false },
  { key: 'kickoff', type: 'text', label: 'Kick-off call booked', assignee: 'owner' },
] as const;

/** A 64×48 PNG with an alpha channel: a logo every image rule of the scenario accepts. */
export const LOGO_PNG = png(64, 48, { alpha: true });
/** A small one-page PDF. */
export const CONTRACT_PDF = pdf('Signed');
/** A text file the antivirus finds infected (the EICAR test file). */
export const INFECTED_TXT = Buffer.from(`notes ${EICAR}`);

/** An upload as the HTTP layer hands it over, streamed in chunks of `chunk` bytes. */
export function incoming(content: Buffer | string, filename: string, chunk = 16 * 1024): IncomingFile {
  const bytes = Buffer.from(content);
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += chunk) chunks.push(bytes.subarray(offset, offset + chunk));
  return { filename, body: Readable.from(chunks) };
}

export interface GivenPortal extends GivenAccount {
  intake: IntakeRecord;
  items: ItemRecord[];
  intakeId: string;
  /** The portal link's slug: the client's only key to the intake. */
  slug: string;
}

export interface PortalOptions {
  /** Item definitions as POST /v1/intakes takes them; PORTAL_ITEMS by default. */
  items?: readonly unknown[];
  /** false keeps a draft (the client cannot see it). */
  send?: boolean;
  account?: Partial<AccountRecord>;
  /** Another intake of an account already given, instead of a new account. */
  of?: GivenAccount;
}

/** An account with an intake sent to its client (created through CreateIntake by the live key). */
export async function givenPortal(context: InMemoryContext, options: PortalOptions = {}): Promise<GivenPortal> {
  const given = options.of ?? (await givenAccount(context, options.account));
  const created = await context.use(CreateIntake).execute({
    principal: given.liveKey,
    body: {
      project_name: 'New website',
      client: { email: 'jan@client.example', name: 'Jan' },
      items: [...(options.items ?? PORTAL_ITEMS)],
      send: options.send ?? true,
    },
    meta: META,
  });
  return {
    ...given,
    intake: created.intake,
    items: created.items,
    intakeId: created.intake.id,
    slug: created.intake.slug,
  };
}

/** The client answers a value item in the portal (through SubmitItemValue; a secret is sealed). */
export function givenAnswer(
  context: InMemoryContext,
  portal: Pick<GivenPortal, 'slug'>,
  key: string,
  value: unknown,
): Promise<unknown> {
  return context.use(SubmitItemValue).execute({ slug: portal.slug, key, value, meta: META });
}

/** The client uploads a file to an item of the portal (through UploadFile). */
export function givenUpload(
  context: InMemoryContext,
  portal: Pick<GivenPortal, 'slug'>,
  key: string,
  content: Buffer | string = LOGO_PNG,
  filename = 'logo.png',
): Promise<FileRecord> {
  return context.use(UploadFile).execute({ slug: portal.slug, key, file: incoming(content, filename), meta: META });
}

/** An upload whose virus scan has run (through ScanFile). */
export async function givenScannedUpload(
  context: InMemoryContext,
  portal: Pick<GivenPortal, 'slug'>,
  key: string,
  content: Buffer | string = LOGO_PNG,
  filename = 'logo.png',
): Promise<FileRecord> {
  const file = await givenUpload(context, portal, key, content, filename);
  await context.use(ScanFile).execute(file.id);
  return (await context.files.byId(file.id)) as FileRecord;
}

/** The owner attaches a brief file to the intake (through AddBriefFile). */
export function givenBriefFile(
  context: InMemoryContext,
  portal: Pick<GivenPortal, 'owner' | 'intakeId'>,
  content: Buffer | string = CONTRACT_PDF,
  filename = 'brief.pdf',
): Promise<FileRecord> {
  return context.use(AddBriefFile).execute({
    principal: portal.owner,
    intakeId: portal.intakeId,
    file: incoming(content, filename),
    meta: META,
  });
}

/** An item of the intake as stored now. */
export async function storedItem(context: InMemoryContext, intakeId: string, key: string): Promise<ItemRecord> {
  const item = (await context.intakes.items(intakeId)).find((i) => i.key === key);
  if (!item) throw new Error(`no item ${key}`);
  return item;
}

/**
 * Everything a use case may write, copied: rows, audit entries, outbox messages, stored objects,
 * staged uploads and queued scans. A refused call leaves it equal.
 */
export function storedState(context: InMemoryContext) {
  return copy({
    accounts: context.db.accounts.rows,
    intakes: context.db.intakes.rows,
    items: context.db.items.rows,
    chases: context.db.chases.rows,
    files: context.db.files.rows,
    audit: context.db.auditLog.entries,
    outbox: context.db.outbox.messages,
    objects: [...context.storage.objects.keys()].sort(),
    staged: context.staging.held.size,
    queued: [...context.scans.queued],
  });
}
