import { accessOf } from '@intake/domain-accounts';
import {
  givenAnswer,
  givenPortal,
  givenScannedUpload,
  givenUpload,
  InMemoryContext,
  INFECTED_TXT,
  META,
  TEST_DOWNLOAD_MAX_BYTES,
} from '@intake/testing';
import { RevealSecret } from '../secrets/reveal-secret';
import { downloadFilename, projectSlug } from './download-name';
import { GetDownloadPreflight } from './download-preflight';

const ITEMS = [
  { key: 'photos', type: 'file_list', label: 'Photos', constraints: { max_count: 5 } },
  { key: 'notes', type: 'file', label: 'Notes', required: false },
  { key: 'password', type: 'secret', label: 'Password' },
  { key: 'token', type: 'secret', label: 'Token', required: false },
  { key: 'pin', type: 'secret', label: 'PIN', required: false },
];

describe('GetDownloadPreflight', () => {
  it('counts the uploads the ZIP holds, lists the skipped ones by name, and the secrets by state', async () => {
    const context = new InMemoryContext();
    const portal = await givenPortal(context, { items: ITEMS });
    const a = await givenScannedUpload(context, portal, 'photos', undefined, 'a.png');
    const b = await givenScannedUpload(context, portal, 'photos', undefined, 'b.png');
    await givenUpload(context, portal, 'photos', undefined, 'still-scanning.png');
    await givenScannedUpload(context, portal, 'notes', INFECTED_TXT, 'notes.txt');
    await givenAnswer(context, portal, 'password', 'one');
    await givenAnswer(context, portal, 'token', 'two');
    await context
      .use(RevealSecret)
      .execute({ principal: portal.owner, intakeId: portal.intakeId, key: 'token', meta: META });

    const preflight = await context
      .use(GetDownloadPreflight)
      .execute({ access: accessOf(portal.owner), intakeId: portal.intakeId });
    expect(preflight).toEqual({
      files: 2,
      bytes: a.size + b.size,
      skipped_files: expect.arrayContaining([
        { item_key: 'photos', filename: 'still-scanning.png', av_status: 'pending' },
        { item_key: 'notes', filename: 'notes.txt', av_status: 'infected' },
      ]),
      secrets: { total: 3, unrevealed: 1, already_revealed: 1 },
      too_large: false,
      max_bytes: TEST_DOWNLOAD_MAX_BYTES,
      filename: `podklady-new-website-${portal.intakeId}.zip`,
      manifest_files: 2,
    });
    expect(preflight.skipped_files).toHaveLength(2);
    // Nothing was consumed.
    expect(
      await context
        .use(RevealSecret)
        .execute({ principal: portal.owner, intakeId: portal.intakeId, key: 'password', meta: META }),
    ).toMatchObject({ value: 'one' });
  });

  it('says too_large above DOWNLOAD_MAX_BYTES, and 404 for what the caller may not see', async () => {
    const context = new InMemoryContext();
    const portal = await givenPortal(context, { items: ITEMS });
    await givenScannedUpload(context, portal, 'photos', Buffer.alloc(TEST_DOWNLOAD_MAX_BYTES + 1, 1), 'big.png').catch(
      () => undefined,
    );
    const preflight = context.use(GetDownloadPreflight);
    const answer = await preflight.execute({ access: accessOf(portal.owner), intakeId: portal.intakeId });
    expect(answer.too_large).toBe(answer.bytes > TEST_DOWNLOAD_MAX_BYTES);
    await expect(
      preflight.execute({
        access: { accountId: 'acc_other', mode: null, createdByKeyId: null },
        intakeId: portal.intakeId,
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it.each([
    ['New website', 'new-website'],
    ['Žluťoučký kůň – Łódź & Straße', 'zlutoucky-kun-lodz-strasse'],
    ['   ', 'intake'],
    ['日本語', 'intake'],
    ['a'.repeat(80), 'a'.repeat(60)],
  ])('names the ZIP after the project: %s → %s', (name, slug) => {
    expect(projectSlug(name)).toBe(slug);
    expect(downloadFilename(name, 'in_1')).toBe(`podklady-${slug}-in_1.zip`);
  });
});
