import { IntakeClock } from '@intake/kernel';
import { ReportPdf } from '../ports/report-pdf.port';
import { DownloadHandover, type HandoverInput } from './download-handover';
import { renderMarkdown, reportDocument } from './download-report';
import { type DownloadPlan } from './download-sources';
import { evidenceManifest, type ManifestFile } from './evidence-manifest';
import { reportTranslator } from './report-text';

/** The last three entries of a download. */
export interface DownloadReportFiles {
  markdown: Buffer;
  manifest: Buffer;
  pdf: Buffer;
}

/**
 * podklady.md, manifest.json and podklady.pdf of a download whose files all went out (`files`:
 * what the ZIP holds, hashed on the way): the handover first (secrets released, delivery
 * recorded), then the reports in the account's language, the manifest over the files and the
 * Markdown report, and the PDF ending with the manifest's SHA-256.
 */
export class DownloadReports {
  static readonly inject = [DownloadHandover, ReportPdf, IntakeClock] as const;

  constructor(
    private readonly handover: DownloadHandover,
    private readonly pdf: ReportPdf,
    private readonly clock: IntakeClock,
  ) {}

  async make(input: HandoverInput, plan: DownloadPlan, files: ManifestFile[]): Promise<DownloadReportFiles> {
    const now = await this.clock.now(plan.intake); // a test clock's intake: the clock's time
    const secrets = await this.handover.complete(input, now);
    const document = reportDocument({
      intake: plan.intake,
      items: plan.items,
      files,
      skipped: plan.skipped,
      secrets,
      generatedAt: now,
      language: plan.language,
      timeZone: plan.timeZone,
    });
    const markdown = Buffer.from(renderMarkdown(document), 'utf8');
    const manifest = evidenceManifest({
      intake_id: plan.intake.id,
      project_name: plan.intake.project_name,
      generated_at: now,
      files,
      markdown,
      skipped_files: plan.skipped,
    });
    const lastLine = reportTranslator(plan.language)('manifest_line', { sha: manifest.sha256 });
    return { markdown, manifest: manifest.bytes, pdf: await this.pdf.render(document, lastLine) };
  }
}
