const TRANSLITERATED: Record<string, string> = {
  ß: 'ss',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
};

/**
 * The project name as it goes into the ZIP's file name: Unicode decomposed and its marks dropped
 * (Žluťoučký → zlutoucky, Łódź → lodz, Straße → strasse), lower case, every run of other characters one `-`, at most 60
 * characters; `intake` when nothing is left.
 */
export function projectSlug(projectName: string): string {
  const slug = projectName
    // Letters Unicode does not decompose into a base letter and a mark.
    .replace(/[ßłŁđĐøØæÆœŒ]/g, (c) => TRANSLITERATED[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'intake';
}

/** `podklady-<project slug>-<intake id>.zip` (docs/contract.md "Results and downloads"). */
export function downloadFilename(projectName: string, intakeId: string): string {
  return `podklady-${projectSlug(projectName)}-${intakeId}.zip`;
}
