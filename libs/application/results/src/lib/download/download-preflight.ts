import { type IntakeFile, IntakeFiles } from '@intake/application-intakes';
import { type AccessContext } from '@intake/domain-accounts';
import { notFound } from '@intake/errors';
import { IntakeClock } from '@intake/kernel';
import { ItemSecrets } from '../ports/item-secrets.port';
import { revealWindowStart } from '../secrets/reveal-window';
import { downloadFilename } from './download-name';
import { DownloadSettings } from './download-settings';
import { ResultIntakes } from '../ports/result-intakes.port';

export interface DownloadPreflightInput {
  access: AccessContext;
  intakeId: string;
}

/** An upload the ZIP leaves out: still being scanned, or infected. */
export interface SkippedFile {
  item_key: string;
  filename: string;
  av_status: 'pending' | 'infected';
}

/** The uploads a download holds (clean ones, oldest first), those it leaves out, and its size. */
export function downloadContents(files: readonly IntakeFile[]): {
  included: IntakeFile[];
  skipped: SkippedFile[];
  bytes: number;
} {
  const uploads = files.filter((f) => f.kind === 'upload' && f.item_key !== null);
  const included = uploads.filter((f) => f.av_status === 'clean');
  const skipped = uploads.flatMap((f) =>
    f.av_status === 'clean' ? [] : [{ item_key: f.item_key as string, filename: f.filename, av_status: f.av_status }],
  );
  return { included, skipped, bytes: included.reduce((sum, f) => sum + f.size, 0) };
}

export interface DownloadPreflight {
  /** Uploads the ZIP will hold (each in its item's folder). */
  files: number;
  /** Their bytes (the reports and the manifest add a few kilobytes). */
  bytes: number;
  skipped_files: SkippedFile[];
  secrets: { total: number; unrevealed: number; already_revealed: number };
  too_large: boolean;
  max_bytes: number;
  filename: string;
  /** Entries `manifest.json` will list under `files` (one per upload in the ZIP). */
  manifest_files: number;
}

/**
 * GET /v1/intakes/:id/download/preflight: what GET …/download would deliver, read without
 * consuming anything. `secrets.unrevealed` counts answers that can still be revealed (stored and
 * inside the reveal window), `already_revealed` the released ones; `total` is every secret item.
 */
export class GetDownloadPreflight {
  static readonly inject = [ResultIntakes, IntakeFiles, ItemSecrets, DownloadSettings, IntakeClock] as const;

  constructor(
    private readonly intakes: ResultIntakes,
    private readonly files: IntakeFiles,
    private readonly secrets: ItemSecrets,
    private readonly settings: DownloadSettings,
    private readonly clock: IntakeClock,
  ) {}

  async execute({ access, intakeId }: DownloadPreflightInput): Promise<DownloadPreflight> {
    const intake = await this.intakes.get(access, intakeId);
    if (!intake) throw notFound('Intake');
    const [files, secrets] = await Promise.all([this.files.ofIntake(intakeId), this.secrets.states(intakeId)]);
    const { included, skipped, bytes } = downloadContents(files);
    const windowStart = revealWindowStart(await this.clock.now(intake));
    return {
      files: included.length,
      bytes,
      skipped_files: skipped,
      secrets: {
        total: secrets.length,
        unrevealed: secrets.filter((s) => s.releasable && s.submitted_at !== null && s.submitted_at >= windowStart)
          .length,
        already_revealed: secrets.filter((s) => s.released_at !== null).length,
      },
      too_large: bytes > this.settings.maxBytes,
      max_bytes: this.settings.maxBytes,
      filename: downloadFilename(intake.project_name, intake.id),
      manifest_files: included.length,
    };
  }
}
