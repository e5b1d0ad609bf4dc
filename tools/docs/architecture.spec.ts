/**
 * docs/architecture.md stays current: every Nx project under libs/ (the `name` of each
 * libs/**\/project.json) is named on that page, in backticks, so a new library cannot be added
 * without placing it in the picture of contexts and layers.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');

function projectFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...projectFiles(path));
    else if (entry === 'project.json') found.push(path);
  }
  return found;
}

export function libraryProjects(root: string): Array<{ name: string; file: string }> {
  return projectFiles(join(root, 'libs')).map((file) => {
    const { name } = JSON.parse(readFileSync(file, 'utf8')) as { name?: string };
    if (!name) throw new Error(`${relative(root, file)} has no name`);
    return { name, file: relative(root, file) };
  });
}

export function unnamedIn(page: string, names: string[]): string[] {
  return names.filter((name) => !page.includes(`\`${name}\``));
}

describe('docs/architecture.md', () => {
  const page = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const projects = libraryProjects(ROOT);

  it('finds the libraries', () => {
    expect(projects.length).toBeGreaterThan(40);
    expect(projects.map((p) => p.name)).toEqual(expect.arrayContaining(['kernel', 'application-intakes', 'sdk']));
  });

  it('names every Nx project under libs/', () => {
    const missing = unnamedIn(
      page,
      projects.map((p) => p.name),
    ).map((name) => `${name} (${projects.find((p) => p.name === name)?.file})`);
    expect(missing).toEqual([]);
  });

  it('the check fails for a library the page does not name', () => {
    expect(unnamedIn('`kernel` and `sdk`', ['kernel', 'sdk', 'postgres-payroll'])).toEqual(['postgres-payroll']);
    // A name inside a longer one does not count: `postgres-intakes` does not name `postgres`.
    expect(unnamedIn('`postgres-intakes`', ['postgres'])).toEqual(['postgres']);
  });
});
