/**
 * Comments and docs cite only what a clone of the repository holds. The interface specification
 * and design notes the project started from live outside it, and the old decisions diary was
 * folded into docs/adr/ and docs/contexts/: a source or documentation file under apps/,
 * libs/, tools/, docs/ (or the README) that names one of those three files points nowhere.
 * Their rules are in docs/contract.md, the ADRs and the context guides.
 *
 * And a citation of a section (`docs/contract.md "Limits"`, `docs/contexts/chasing.md, "Chasing"`)
 * names a heading that exists in that page, so renaming a heading cannot leave citations behind.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const THIS_FILE = 'tools/docs/references.spec.ts';

/** The files outside the repository, spelled so that this file's own text does not match itself. */
const GONE = ['SPEC', 'DESIGN', 'decisions'].map((name) => `${name}.md`);
const GONE_PATTERN = new RegExp(GONE.map((name) => name.replace('.', '\\.')).join('|'));

/** `docs/<page>.md "Section"`, with an optional comma or colon, across a comment's line break. */
const SECTION_CITATION = /docs\/(contract\.md|contexts\/[\w-]+\.md)[,:]?\s*(?:\*\s*)?"([^"\n]+)"/g;

function trackedFiles(): string[] {
  // Tracked files, and new ones not yet added (but not ignored ones): a reference is caught before
  // its commit.
  const args = ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--'];
  const out = execFileSync('git', [...args, 'apps', 'libs', 'tools', 'docs', 'README.md'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out
    .split('\0')
    .filter((file) => /\.(ts|tsx|js|mjs|cjs|md)$/.test(file))
    .filter((file, index, all) => all.indexOf(file) === index && existsSync(join(ROOT, file)));
}

/** `file:line` of every line naming a file outside the repository. */
export function goneReferences(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) => (GONE_PATTERN.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

/** The headings of a Markdown page, without their `#` marks. */
export function headingsOf(markdown: string): Set<string> {
  return new Set(
    markdown
      .split('\n')
      .filter((line) => /^#{1,6}\s/.test(line))
      .map((line) => line.replace(/^#+\s*/, '').trim()),
  );
}

/** Every `docs/… "Section"` citation in `text` whose section is not a heading of its page. */
export function brokenCitations(
  file: string,
  text: string,
  headingsOfPage: (page: string) => Set<string> | undefined,
): string[] {
  return [...text.matchAll(SECTION_CITATION)].flatMap(([, page = '', section = '']) => {
    const headings = headingsOfPage(`docs/${page}`);
    if (!headings) return [`${file}: docs/${page} does not exist (cited for "${section}")`];
    return headings.has(section) ? [] : [`${file}: docs/${page} has no heading "${section}"`];
  });
}

describe('references in code and docs', () => {
  const files = trackedFiles();
  const pages = new Map<string, Set<string> | undefined>();
  const headingsOfPage = (page: string): Set<string> | undefined => {
    if (!pages.has(page)) {
      const path = join(ROOT, page);
      pages.set(page, existsSync(path) ? headingsOf(readFileSync(path, 'utf8')) : undefined);
    }
    return pages.get(page);
  };

  it('finds the files', () => {
    expect(files.length).toBeGreaterThan(500);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/contract.md', THIS_FILE]));
  });

  it(`names none of ${GONE.join(', ')}: they are not in the repository`, () => {
    const found = files
      .filter((file) => file !== THIS_FILE)
      .flatMap((file) => goneReferences(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('cites sections of docs/contract.md and docs/contexts/*.md by headings they have', () => {
    const cited = files.flatMap((file) =>
      file === THIS_FILE ? [] : brokenCitations(file, readFileSync(join(ROOT, file), 'utf8'), headingsOfPage),
    );
    expect(cited).toEqual([]);
  });

  it('docs/contract.md has the sections the code cites most', () => {
    expect([...(headingsOfPage('docs/contract.md') ?? [])]).toEqual(
      expect.arrayContaining(['Limits', 'Errors', 'Event kinds', 'Delivery and signature', 'States and transitions']),
    );
  });

  it('the checks fail for what they are meant to catch', () => {
    const [spec, design, diary] = GONE;
    expect(goneReferences('a.ts', `// ok\n/** see ${spec} "Limits" */`)).toEqual([
      `a.ts:2: /** see ${spec} "Limits" */`,
    ]);
    expect(goneReferences('b.md', `${design} §4 and docs/${diary}`)).toHaveLength(1);
    expect(goneReferences('c.ts', '// docs/contract.md "Limits"')).toEqual([]);

    const headings = headingsOf('# Title\n\n## Limits\n\n### Event kinds\n#not a heading\n');
    expect([...headings]).toEqual(['Title', 'Limits', 'Event kinds']);
    const lookup = (page: string) => (page === 'docs/contract.md' ? headings : undefined);
    expect(brokenCitations('d.ts', '(docs/contract.md "Limits"; docs/contract.md\n * "Event kinds")', lookup)).toEqual(
      [],
    );
    expect(brokenCitations('e.ts', 'docs/contract.md "Limit" and docs/contexts/gone.md, "X"', lookup)).toEqual([
      'e.ts: docs/contract.md has no heading "Limit"',
      'e.ts: docs/contexts/gone.md does not exist (cited for "X")',
    ]);
  });
});
