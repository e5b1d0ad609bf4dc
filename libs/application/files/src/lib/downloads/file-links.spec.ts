import {
  type GivenPortal,
  givenBriefFile,
  givenPortal,
  givenScannedUpload,
  givenUpload,
  INFECTED_TXT,
  InMemoryContext,
} from '@intake/testing';
import { type FileRecord } from '../ports/file-store.port';
import { SIGNED_URL_SECONDS } from '../ports/object-storage.port';
import { assertServable, FileLinks } from './file-links';

describe('FileLinks', () => {
  let context: InMemoryContext;
  let portal: GivenPortal;
  let links: FileLinks;
  let logo: FileRecord;

  beforeEach(async () => {
    context = new InMemoryContext();
    portal = await givenPortal(context);
    links = context.use(FileLinks);
    logo = await givenScannedUpload(context, portal, 'logo', undefined, 'Logo černé.png');
  });

  it('signs a URL for a clean file, valid 24 hours, saving under its file name', async () => {
    const { url, file } = await links.of(logo, 'upload', 'logo');
    expect(file).toBe(logo);
    const signed = new URL(url);
    expect(`${signed.host}${signed.pathname}`).toBe(logo.storage_key);
    expect(signed.searchParams.get('filename')).toBe('Logo černé.png');
    expect(signed.searchParams.get('expires_in')).toBe(String(SIGNED_URL_SECONDS));
    expect(SIGNED_URL_SECONDS).toBe(24 * 3600);
  });

  it('passes the content type and the expiry to the storage', async () => {
    const signedUrl = jest.spyOn(context.storage, 'signedUrl');
    await links.of(logo, 'upload');
    expect(signedUrl).toHaveBeenCalledWith(logo.storage_key, {
      filename: logo.filename,
      contentType: 'image/png',
      expiresInSeconds: 86_400,
    });
  });

  it('signs brief files as brief files', async () => {
    const brief = await givenBriefFile(context, portal);
    await expect(links.of(brief, 'brief')).resolves.toMatchObject({ file: brief });
  });

  it.each<[string, () => FileRecord | undefined, FileRecord['kind'], string | undefined]>([
    ['no file', () => undefined, 'upload', undefined],
    ['an upload asked for as a brief file', () => logo, 'brief', undefined],
    ['a file of another item', () => logo, 'upload', 'documents'],
  ])('knows %s as 404 file_not_found', async (_what, file, kind, key) => {
    await expect(links.of(file(), kind, key)).rejects.toMatchObject({ code: 'not_found', reason: 'file_not_found' });
  });

  it('never serves a file still waiting for its scan: 422 file_scan_pending', async () => {
    const pending = await givenUpload(context, portal, 'documents');
    await expect(links.of(pending, 'upload')).rejects.toMatchObject({
      code: 'unprocessable',
      reason: 'file_scan_pending',
    });
  });

  it('never serves an infected file: 422 file_infected', async () => {
    const infected = await givenScannedUpload(context, portal, 'documents', INFECTED_TXT, 'notes.txt');
    expect(infected.av_status).toBe('infected');
    await expect(links.of(infected, 'upload')).rejects.toMatchObject({
      code: 'unprocessable',
      reason: 'file_infected',
    });
    expect(() => assertServable(infected)).toThrow();
    expect(() => assertServable(logo)).not.toThrow();
  });

  it("passes the storage's failure on", async () => {
    context.storage.failing = true;
    await expect(links.of(logo, 'upload')).rejects.toThrow('object storage unreachable');
  });
});
