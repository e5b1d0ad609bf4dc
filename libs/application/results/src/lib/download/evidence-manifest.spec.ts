import { createHash } from 'node:crypto';
import { evidenceManifest, MANIFEST_FORMAT, type ManifestInput } from './evidence-manifest';

const hex = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

describe('evidenceManifest', () => {
  const input: ManifestInput = {
    intake_id: 'in_1',
    project_name: 'Pekárna Žižkov',
    generated_at: new Date('2026-11-23T10:00:00Z'),
    files: [
      {
        path: 'photos/a.png',
        item_key: 'photos',
        filename: '../a.png',
        size: 3,
        sha256: hex('abc'),
        mime: 'image/png',
        submitted_at: new Date('2026-11-22T08:00:00Z'),
        av_status: 'clean',
      },
    ],
    markdown: Buffer.from('# Podklady\n'),
    skipped_files: [{ item_key: 'photos', filename: 'b.png', av_status: 'pending' }],
  };

  it('lists every file and the Markdown report with their SHA-256, and returns its own', () => {
    const { bytes, sha256 } = evidenceManifest(input);
    expect(sha256).toBe(hex(bytes));
    expect(JSON.parse(bytes.toString('utf8'))).toEqual({
      format: MANIFEST_FORMAT,
      intake_id: 'in_1',
      project_name: 'Pekárna Žižkov',
      generated_at: '2026-11-23T10:00:00.000Z',
      files: [
        {
          path: 'photos/a.png',
          item_key: 'photos',
          filename: '../a.png',
          size: 3,
          sha256: hex('abc'),
          mime: 'image/png',
          submitted_at: '2026-11-22T08:00:00.000Z',
          av_status: 'clean',
        },
      ],
      reports: [{ path: 'podklady.md', sha256: hex('# Podklady\n') }],
      skipped_files: [{ item_key: 'photos', filename: 'b.png', av_status: 'pending' }],
    });
  });

  it('gives the same bytes for the same contents, and other bytes for any change', () => {
    expect(evidenceManifest(input).sha256).toBe(evidenceManifest({ ...input }).sha256);
    expect(evidenceManifest({ ...input, markdown: Buffer.from('# Podklady!\n') }).sha256).not.toBe(
      evidenceManifest(input).sha256,
    );
  });
});
