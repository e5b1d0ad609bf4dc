import { ScanFile, type ScanOutcome } from '@intake/application-files';
import { type Metrics } from '@intake/http';

/** ScanFile, counting each verdict for GET /metrics (intake_scans_total), from the scans queue and the sweep alike. */
export class MeteredScanFile extends ScanFile {
  constructor(
    private readonly metrics: Metrics,
    ...dependencies: ConstructorParameters<typeof ScanFile>
  ) {
    super(...dependencies);
  }

  override async execute(fileId: string, now?: Date): Promise<ScanOutcome> {
    try {
      const verdict = await super.execute(fileId, now);
      this.metrics.scans.inc({ verdict });
      return verdict;
    } catch (error) {
      this.metrics.scans.inc({ verdict: 'error' });
      throw error;
    }
  }
}
