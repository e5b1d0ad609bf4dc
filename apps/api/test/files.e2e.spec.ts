import { Readable } from 'node:stream';
import { ObjectStorage } from '@intake/application-files';
import { useApi } from './api-test-app';

describe('signed file URLs of the fs storage driver', () => {
  const api = useApi({ PUBLIC_BASE_URL: 'http://api.test' });
  let storage: ObjectStorage;

  beforeAll(async () => {
    storage = api.t.app.get(ObjectStorage, { strict: false });
    await storage.put('intakes/in_x/items/contract/f1', Readable.from([Buffer.from('%PDF-1.4 hello')]), {
      maxBytes: 1000,
    });
  });

  const path = (url: string) => url.replace('http://api.test', '');

  it('serves the file as an attachment with its name', async () => {
    const url = await storage.signedUrl('intakes/in_x/items/contract/f1', {
      filename: 'Smlouva č. 1.pdf',
      contentType: 'application/pdf',
    });
    const response = await api.t.app.inject({ method: 'GET', url: path(url) });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('%PDF-1.4 hello');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Smlouva _. 1.pdf"; filename*=UTF-8''Smlouva%20%C4%8D.%201.pdf`,
    );
  });

  it.each([
    ['logo.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ['page.html', 'text/html', '<script>alert(document.cookie)</script>'],
    ['"; filename=x.html\r\nX-Injected: 1', 'text/plain', 'x'],
  ])('serves %j (%s) as an attachment with nosniff, never inline', async (filename, contentType, content) => {
    await storage.put('intakes/in_x/items/logo/f1', Readable.from([Buffer.from(content)]), { maxBytes: 1000 });
    const url = await storage.signedUrl('intakes/in_x/items/logo/f1', { filename, contentType });
    const response = await api.t.app.inject({ method: 'GET', url: path(url) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="[^"\r\n]*"; filename\*=UTF-8''[^\s"]+$/,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-injected']).toBeUndefined();
  });

  it.each([
    ['a changed key', (u: URL) => u.searchParams.set('key', 'intakes/in_x/items/contract/f2')],
    ['a traversing key', (u: URL) => u.searchParams.set('key', '../../etc/passwd')],
    ['a later expiry', (u: URL) => u.searchParams.set('expires', '9999999999')],
    ['no signature', (u: URL) => u.searchParams.delete('sig')],
  ])('refuses %s with 403', async (_what, tamper) => {
    const url = new URL(await storage.signedUrl('intakes/in_x/items/contract/f1', { filename: 'a.pdf' }));
    tamper(url);
    const response = await api.t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'forbidden', reason: 'invalid_signature' });
  });

  it('a signed URL of a deleted file is 404', async () => {
    await storage.put('gone/f', Readable.from([Buffer.from('x')]), { maxBytes: 10 });
    const url = await storage.signedUrl('gone/f', { filename: 'f' });
    await storage.delete('gone/f');
    expect((await api.t.app.inject({ method: 'GET', url: path(url) })).statusCode).toBe(404);
  });
});
