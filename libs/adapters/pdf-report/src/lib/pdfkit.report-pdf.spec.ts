import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type ReportDocument } from '@intake/application-results';
import { PdfKitReportPdf } from './pdfkit.report-pdf';

const run = promisify(execFile);
const LETTERS = 'ěščřžýáíé ĚŠČŘŽÝÁÍÉ ůú ąęłńóśźż ĄĘŁŃÓŚŹŻ äöüß ÄÖÜ ñ ¿¡';

const document = (language: ReportDocument['language']): ReportDocument => ({
  language,
  title: 'Podklady: Pekárna Žižkov',
  intro: 'Vše, co klient k této žádosti poslal.',
  facts: [{ label: 'Projekt', text: 'Pekárna Žižkov' }],
  itemsHeading: 'Položky',
  items: [
    {
      heading: '1. Łódź – Straße – España',
      rows: [
        { label: 'Hodnota', text: LETTERS },
        { label: 'Heslo', text: 'jen v PDF', secret: 'tajné-ž' },
        { label: 'Dlouhý text', text: 'řádek\n'.repeat(80) },
      ],
    },
  ],
  skippedHeading: 'Vynechané soubory',
  skipped: ['documents: čeká.pdf (čeká na antivirovou kontrolu)'],
  evidenceHeading: 'Průkazní manifest',
  evidenceIntro: 'manifest.json …',
  evidence: [{ path: 'photos/žluťoučká.png', sha256: 'a'.repeat(64) }],
});

describe('PdfKitReportPdf', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'report-pdf-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const text = async (pdf: Buffer) => {
    const path = join(dir, `${Math.random().toString(16).slice(2)}.pdf`);
    await writeFile(path, pdf);
    return (await run('pdftotext', ['-enc', 'UTF-8', path, '-'])).stdout;
  };

  it('writes Czech, Polish, German and Spanish letters (DejaVu Sans embedded), the secret in place of its row text, the last line last', async () => {
    const pdf = await new PdfKitReportPdf().render(document('cs'), 'SHA-256 souboru manifest.json: ' + 'f'.repeat(64));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/DejaVuSans/);
    const extracted = await text(pdf);
    expect(extracted).toContain(LETTERS);
    expect(extracted).toContain('Łódź – Straße – España');
    expect(extracted).toContain('tajné-ž');
    expect(extracted).not.toContain('jen v PDF');
    expect(extracted).toContain('photos/žluťoučká.png');
    // Long rows flow onto further pages; the manifest line stays the last one.
    const lines = extracted.split('\n').filter((line) => line.trim() !== '');
    expect(lines.at(-1)).toBe(`SHA-256 souboru manifest.json: ${'f'.repeat(64)}`);
  });

  it('writes a client’s links and markup as plain text: no link, no action, no script in the PDF', async () => {
    const hostile =
      'https://evil.example/x javascript:alert(1) <a href="https://evil.example">x</a> [x](https://evil.example)';
    const doc = document('en');
    doc.items[0]?.rows.push({ label: 'Answer', text: hostile });
    const pdf = await new PdfKitReportPdf().render(doc, 'last');
    const raw = pdf.toString('latin1');
    for (const marker of ['/Annots', '/Link', '/URI', '/JavaScript', '/JS', '/OpenAction', '/Launch']) {
      expect([marker, raw.includes(marker)]).toEqual([marker, false]);
    }
    // The text is all there (wrapped lines put breaks where spaces were, or none).
    expect((await text(pdf)).replace(/\s+/g, '')).toContain(hostile.replace(/\s+/g, ''));
  });
});
