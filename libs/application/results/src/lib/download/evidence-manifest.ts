import { createHash } from 'node:crypto';

/** One upload in the ZIP, as `manifest.json` lists it. */
export interface ManifestFile {
  /** Its entry name in the ZIP (`<item key>/<safe name>`). */
  path: string;
  item_key: string;
  /** The name the client gave it (the entry name may differ: made safe, numbered). */
  filename: string;
  size: number;
  sha256: string;
  mime: string;
  submitted_at: Date | null;
  av_status: 'clean';
}

export interface ManifestInput {
  intake_id: string;
  project_name: string;
  generated_at: Date;
  files: readonly ManifestFile[];
  /** The Markdown report's bytes (podklady.md). */
  markdown: Buffer;
  /** Uploads left out, by name. */
  skipped_files: ReadonlyArray<{ item_key: string; filename: string; av_status: 'pending' | 'infected' }>;
}

export const MANIFEST_FORMAT = 'intake-evidence-manifest/1';

const sha256 = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');

/**
 * `manifest.json`: every upload with its path, item, size, SHA-256, type, submission time and
 * antivirus status, and the Markdown report's SHA-256. The PDF report is not in it: its last line
 * states this manifest's own SHA-256 (returned with it), and a hash of the PDF inside the manifest
 * would make each depend on the other. So a recipient checks the chain PDF → manifest → report
 * and files. Written deterministically (key order fixed, two-space indent, final newline), so
 * the same contents give the same bytes.
 */
export function evidenceManifest(input: ManifestInput): { bytes: Buffer; sha256: string } {
  const manifest = {
    format: MANIFEST_FORMAT,
    intake_id: input.intake_id,
    project_name: input.project_name,
    generated_at: input.generated_at.toISOString(),
    files: input.files.map((f) => ({
      path: f.path,
      item_key: f.item_key,
      filename: f.filename,
      size: f.size,
      sha256: f.sha256,
      mime: f.mime,
      submitted_at: f.submitted_at?.toISOString() ?? null,
      av_status: f.av_status,
    })),
    reports: [{ path: 'podklady.md', sha256: sha256(input.markdown) }],
    skipped_files: input.skipped_files.map((s) => ({
      item_key: s.item_key,
      filename: s.filename,
      av_status: s.av_status,
    })),
  };
  const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
  return { bytes, sha256: sha256(bytes) };
}
