export * from './lib/pdfkit.report-pdf';
