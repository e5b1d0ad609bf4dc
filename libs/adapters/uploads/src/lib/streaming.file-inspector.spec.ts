import { createHash } from 'node:crypto';
import { imageSize } from 'image-size';
import { type ByteStream } from '@intake/application-files';
import { DomainError } from '@intake/errors';
import { HEIC_PHOTO, pdf, png } from '@intake/testing';
import { HEAD_BYTES, StreamingFileInspector } from './streaming.file-inspector';

async function* chunks(buffer: Buffer, size = 64 * 1024): ByteStream {
  for (let i = 0; i < buffer.length; i += size) yield buffer.subarray(i, i + size);
}

async function drain(body: ByteStream): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of body) parts.push(part);
  return Buffer.concat(parts);
}

const inspector = new StreamingFileInspector();
const inspect = async (content: Buffer, name = 'upload', maxBytes = 10 * 1024 * 1024) => {
  const inspection = await inspector.inspect(chunks(content), maxBytes, name);
  const stored = await drain(inspection.body);
  return { inspection, stored, facts: inspection.facts() };
};

describe('StreamingFileInspector', () => {
  it('sniffs a PNG from its content, whatever the name says, and measures it', async () => {
    const image = png(120, 80, { alpha: true });
    const { facts, stored } = await inspect(image, 'logo.pdf');
    expect(stored.equals(image)).toBe(true);
    expect(facts).toEqual({
      mime: 'image/png',
      extension: 'png',
      size: image.length,
      sha256: createHash('sha256').update(image).digest('hex'),
      width: 120,
      height: 80,
      hasAlpha: true,
      converted: false,
    });
  });

  it('tells an opaque PNG from a transparent one', async () => {
    expect((await inspect(png(10, 10))).facts.hasAlpha).toBe(false);
  });

  it('sniffs a PDF named .png as a PDF', async () => {
    const { facts } = await inspect(pdf(), 'photo.png');
    expect(facts).toMatchObject({ mime: 'application/pdf', extension: 'pdf', width: null, hasAlpha: null });
  });

  it('converts HEIC to JPEG and measures the JPEG', async () => {
    const { facts, stored } = await inspect(HEIC_PHOTO, 'IMG_0001.HEIC');
    expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(imageSize(stored)).toMatchObject({ width: 64, height: 48 });
    expect(facts).toMatchObject({
      mime: 'image/jpeg',
      extension: 'jpg',
      converted: true,
      width: 64,
      height: 48,
      hasAlpha: false,
      size: stored.length,
      sha256: createHash('sha256').update(stored).digest('hex'),
    });
  });

  it('refuses a HEIC photo that cannot be decoded', async () => {
    const broken = Buffer.concat([HEIC_PHOTO.subarray(0, 300), Buffer.alloc(50)]);
    await expect(inspect(broken)).rejects.toMatchObject({ code: 'unprocessable', reason: 'file.unreadable' });
  });

  it('names text by the file name among text formats only, and finds SVG by its root element', async () => {
    expect((await inspect(Buffer.from('a,b\n1,2\n'), 'data.csv')).facts).toMatchObject({
      mime: 'text/csv',
      extension: 'csv',
    });
    expect((await inspect(Buffer.from('plain words'), 'report.pdf')).facts.extension).toBe('txt');
    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"/>',
    );
    expect((await inspect(svg, 'logo.txt')).facts).toMatchObject({
      mime: 'image/svg+xml',
      extension: 'svg',
      width: 300,
      height: 200,
    });
    expect((await inspect(Buffer.from([0, 1, 2, 3, 255]), 'x.csv')).facts.mime).toBe('application/octet-stream');
  });

  it('streams a file much larger than the sniffing window unchanged', async () => {
    const big = Buffer.concat([png(4, 4), Buffer.alloc(HEAD_BYTES * 5, 7)]);
    const { facts, stored } = await inspect(big);
    expect(stored.equals(big)).toBe(true);
    expect(facts.size).toBe(big.length);
  });

  it('fails as soon as the limit is passed, in the sniffing window or after it', async () => {
    await expect(inspect(Buffer.alloc(1000, 1), 'a', 999)).rejects.toMatchObject({ reason: 'file.too_large' });
    const inspection = await inspector.inspect(chunks(Buffer.alloc(HEAD_BYTES * 3, 1)), HEAD_BYTES * 2, 'a');
    const error = await drain(inspection.body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ reason: 'file.too_large', params: { max_bytes: HEAD_BYTES * 2 } });
  });

  it('refuses facts before the body has been read', async () => {
    const inspection = await inspector.inspect(chunks(png(2, 2)), 1000, 'a');
    expect(() => inspection.facts()).toThrow(/not been read/);
  });
});
