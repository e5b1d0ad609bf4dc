import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFDocumentClass from 'pdfkit';
import { type ReportDocument, ReportPdf, type ReportRow } from '@intake/application-results';

/** Node's own require inside a webpack bundle (where `require.resolve` yields a module id). */
declare const __non_webpack_require__: NodeJS.Require | undefined;

/**
 * The fonts' paths in the dejavu-fonts-ttf package. Literal names in `require.resolve` make the
 * bundler record the package as the app's runtime dependency (dist/apps/api/package.json).
 */
const fontPaths = (): { regular: string; bold: string } =>
  typeof __non_webpack_require__ === 'function'
    ? {
        regular: __non_webpack_require__.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
        bold: __non_webpack_require__.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
      }
    : {
        regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
        bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
      };

/**
 * DejaVu Sans writes every Latin diacritic we need (ě š č ř ž ů, ą ę ł ń ś ź ż, ä ö ü ß, ñ);
 * Helvetica does not. The fonts are parsed once, by the fontkit that pdfkit itself loads, and the
 * parsed fonts are handed to every document: fontkit reads a font's tables lazily and keeps them,
 * so a report costs ~15 ms instead of ~110 ms when each document parsed the files again.
 */
let fonts: { regular: PDFKit.Mixins.PDFFontSource; bold: PDFKit.Mixins.PDFFontSource } | undefined;
const dejaVu = () => {
  if (fonts) return fonts;
  const nodeRequire = typeof __non_webpack_require__ === 'function' ? __non_webpack_require__ : require;
  const fontkit = createRequire(nodeRequire.resolve('pdfkit'))('fontkit') as { create(font: Buffer): unknown };
  const paths = fontPaths();
  const parse = (path: string) => fontkit.create(readFileSync(path)) as PDFKit.Mixins.PDFFontSource;
  return (fonts = { regular: parse(paths.regular), bold: parse(paths.bold) });
};

/**
 * pdfkit (with fontkit, brotli and its other dependencies, ~7 MB of the api's memory) loaded by
 * the first report, not at start: most api processes never write one, and the memory targets
 * (a 1 GiB upload under 200 MB) count every resident byte.
 */
let pdfkit: typeof PDFDocumentClass | undefined;
// A literal `require('pdfkit')` keeps the bundler recording it as the app's dependency.
const PDFDocument = (): typeof PDFDocumentClass => (pdfkit ??= require('pdfkit') as typeof PDFDocumentClass);

const MARGIN = 50;
const GREY = '#555555';

/**
 * podklady.pdf with pdfkit: A4, DejaVu Sans embedded (subset), a title, the intake's facts, a
 * two-column table per item (a secret row shows the value this download revealed), the files
 * left out, the evidence list, and the manifest's SHA-256 as the last line. Text only: images
 * stay in the ZIP. A few pages of text, so it is produced in memory.
 */
export class PdfKitReportPdf extends ReportPdf {
  async render(document: ReportDocument, lastLine: string): Promise<Buffer> {
    const { regular, bold } = dejaVu();
    const doc = new (PDFDocument())({
      size: 'A4',
      margin: MARGIN,
      lang: document.language,
      info: { Title: document.title, Creator: 'intake', Producer: 'pdfkit' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finished = new Promise<Buffer>((resolve, reject) => {
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    doc.registerFont('body', regular);
    doc.registerFont('bold', bold);

    doc.font('bold').fontSize(18).text(document.title);
    doc.moveDown(0.3).font('body').fontSize(10).fillColor(GREY).text(document.intro).fillColor('black');
    doc.moveDown(0.8);
    table(doc, document.facts);

    heading(doc, document.itemsHeading, 14);
    for (const item of document.items) {
      heading(doc, item.heading, 12);
      table(doc, item.rows);
    }

    heading(doc, document.skippedHeading, 14);
    doc.font('body').fontSize(10);
    for (const line of document.skipped) doc.text(`• ${line}`);

    heading(doc, document.evidenceHeading, 14);
    doc.font('body').fontSize(9).text(document.evidenceIntro).moveDown(0.4);
    for (const entry of document.evidence) doc.text(`${entry.sha256}  ${entry.path}`);

    doc.moveDown(1).font('bold').fontSize(9).text(lastLine);
    doc.end();
    return finished;
  }
}

function heading(doc: PDFKit.PDFDocument, text: string, size: number): void {
  doc.moveDown(0.8);
  doc.x = MARGIN;
  doc.font('bold').fontSize(size).text(text);
  doc.moveDown(0.3);
}

/** A label | text table; a row's secret (revealed by this download) replaces its text. */
function table(doc: PDFKit.PDFDocument, rows: readonly ReportRow[]): void {
  doc.x = MARGIN;
  doc.font('body').fontSize(10);
  doc.table({
    columnStyles: [150, '*'],
    rowStyles: { padding: 4, border: [0.5, 0, 0.5, 0], borderColor: '#cccccc' },
    data: rows.map((row) => [
      { text: row.label, font: { src: 'bold' } },
      { text: row.secret ?? row.text, font: { src: 'body' } },
    ]),
  });
}
