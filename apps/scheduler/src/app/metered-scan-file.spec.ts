import { ScanFile } from '@intake/application-files';
import { Metrics } from '@intake/http';
import { givenPortal, givenUpload, INFECTED_TXT, InMemoryContext } from '@intake/testing';
import { MeteredScanFile } from './metered-scan-file';

describe('MeteredScanFile: intake_scans_total by verdict', () => {
  it('counts clean, infected and skipped verdicts', async () => {
    const context = new InMemoryContext();
    const portal = await givenPortal(context);
    const metrics = new Metrics();
    metrics.bind('scheduler', {});
    const dependencies = ScanFile.inject.map((token) => context.use(token as never)) as ConstructorParameters<
      typeof ScanFile
    >;
    const scan = new MeteredScanFile(metrics, ...dependencies);
    const clean = await givenUpload(context, portal, 'logo');
    const infected = await givenUpload(context, portal, 'documents', INFECTED_TXT, 'notes.txt');
    expect(await scan.execute(clean.id)).toBe('clean');
    expect(await scan.execute(infected.id)).toBe('infected');
    expect(await scan.execute(clean.id)).toBe('skipped');
    const text = await metrics.registry.metrics();
    expect(text).toContain('intake_scans_total{verdict="clean",app="scheduler"} 1');
    expect(text).toContain('intake_scans_total{verdict="infected",app="scheduler"} 1');
    expect(text).toContain('intake_scans_total{verdict="skipped",app="scheduler"} 1');
  });
});
