import { Readable } from 'node:stream';
import { EICAR } from '../clamd-server';
import { InMemoryAntivirus } from '../in-memory/file-ports';
import { describeAntivirusContract } from './antivirus.contract';

describeAntivirusContract('in memory', async () => ({
  antivirus: new InMemoryAntivirus(),
  unreachable: () => Object.assign(new InMemoryAntivirus(), { failing: true }),
  teardown: async () => undefined,
}));

describe('InMemoryAntivirus with the none driver', () => {
  it('calls everything clean, as NoAntivirus does', async () => {
    const antivirus = new InMemoryAntivirus('none');
    expect(antivirus.driver).toBe('none');
    expect(await antivirus.scan(Readable.from([Buffer.from(EICAR)]))).toEqual({ clean: true });
  });
});
