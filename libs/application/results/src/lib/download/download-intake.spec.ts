import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { catalogueProblems, LANGUAGES } from '@intake/domain-messages';
import { givenAnswer, givenPortal, givenScannedUpload, InMemoryContext, META } from '@intake/testing';
import { RevealSecret } from '../secrets/reveal-secret';
import { DownloadIntake } from './download-intake';
import { REPORT_CATALOGUES } from './report-text';

const run = promisify(execFile);
const SECRET = 'hunter2-ž';

const ITEMS = [
  { key: 'password', type: 'secret', label: 'Heslo' },
  { key: 'budget', type: 'number', label: 'Rozpočet' },
  { key: 'about', type: 'longtext', label: 'O *nás* # [odkaz](http://x)' },
  { key: 'photos', type: 'file_list', label: 'Fotky', constraints: { max_count: 5 } },
];

describe('DownloadIntake', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'download-intake-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const setUp = async (language: 'en' | 'cs' = 'cs') => {
    const context = new InMemoryContext();
    const portal = await givenPortal(context, { items: ITEMS, account: { default_language: language } });
    await givenAnswer(context, portal, 'password', SECRET);
    await givenAnswer(context, portal, 'budget', 1200.5);
    await givenAnswer(context, portal, 'about', 'Pečeme *chleba*');
    await givenScannedUpload(context, portal, 'photos', undefined, 'a.png');
    return { context, portal };
  };
  /** One entry of a ZIP, read back by Info-ZIP's unzip. */
  const entry = async (zip: Buffer, name: string): Promise<string> => {
    const path = join(dir, `${Math.random().toString(16).slice(2)}.zip`);
    await writeFile(path, zip);
    return (await run('unzip', ['-p', path, name])).stdout;
  };

  it('refuses include_secrets to a member and to a key without secrets:read, consuming nothing', async () => {
    const { context, portal } = await setUp();
    const download = context.use(DownloadIntake);
    const member = { ...portal.owner, role: 'member' as const };
    const reader = { ...portal.liveKey, scopes: ['intakes:read' as const] };
    for (const principal of [member, reader]) {
      await expect(
        download.start({ principal, intakeId: portal.intakeId, includeSecrets: true, meta: META }),
      ).rejects.toMatchObject({ code: 'forbidden', reason: 'secrets_owner_only' });
    }
    expect(context.auditActions()).not.toContain('intake.downloaded');
    const revealed = await context
      .use(RevealSecret)
      .execute({ principal: portal.owner, intakeId: portal.intakeId, key: 'password', meta: META });
    expect(revealed).toMatchObject({ value: SECRET });
  });

  it('writes the reports in the account’s language; the Markdown never holds a secret, even one it revealed', async () => {
    const { context, portal } = await setUp('cs');
    const download = await context
      .use(DownloadIntake)
      .start({ principal: portal.owner, intakeId: portal.intakeId, includeSecrets: true, meta: META });
    const zip = await buffer(download.stream);
    const md = await entry(zip, 'podklady.md');
    expect(md).toContain('# Podklady: New website');
    expect(md).toContain('## Položky');
    expect(md).toContain('1\u00a0200,5'); // Czech number format
    expect(md).toContain('odhaleno tímto stažením');
    expect(md).not.toContain(SECRET);
    // A client's text cannot restructure the report.
    expect(md).toContain('Pečeme \\*chleba\\*');
    expect(md).toContain('### 3. O \\*nás\\* \\# \\[odkaz\\](http://x)');
    expect(context.auditActions()).toEqual(expect.arrayContaining(['intake.downloaded', 'item.secret_revealed']));
  });

  it('closes the storage stream and reads nothing more when aborted', async () => {
    const { context, portal } = await setUp();
    const download = await context
      .use(DownloadIntake)
      .start({ principal: portal.liveKey, intakeId: portal.intakeId, includeSecrets: false, meta: META });
    download.abort();
    await expect(buffer(download.stream)).rejects.toThrow(/aborted/);
    expect(context.auditActions()).not.toContain('intake.delivered');
  });

  it('has every report word in every language, with the placeholders of en', () => {
    expect(Object.keys(REPORT_CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
    expect(catalogueProblems(REPORT_CATALOGUES)).toEqual([]);
  });
});
