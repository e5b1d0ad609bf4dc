import { type ReportDocument } from '../download/download-report';

/**
 * podklady.pdf of a download: the report document laid out as a PDF with a font that writes
 * every language we speak (Czech, Polish, German, Spanish diacritics), each row's `secret` in
 * place of its text, and `lastLine` (the manifest's SHA-256) as its last line. Images are not
 * embedded: they are in the ZIP.
 */
export abstract class ReportPdf {
  abstract render(document: ReportDocument, lastLine: string): Promise<Buffer>;
}
