/**
 * Every port lives in its application library's `ports/<kebab-name>.port.ts`. The lint rule
 * `local/port-files` (eslint.config.mjs) sees one file at a time: it places every exported abstract
 * class. This check sees across libraries: whatever an adapter or the test harness extends or
 * implements that an application library declares (an abstract class, or an interface should one
 * ever be used as a port) is declared in such a file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');

function sources(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...sources(path));
    else if (entry.endsWith('.ts') && !entry.endsWith('.spec.ts')) found.push(path);
  }
  return found;
}

/** The names a class in this source extends or implements. */
export function implemented(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(
    /\bclass\s+\w+(?:<[^>{]*>)?((?:\s+(?:extends|implements)\s+[\w<>., ]+?)+)\s*\{/g,
  )) {
    const clauses = match[1] ?? '';
    for (const clause of clauses.matchAll(/(?:extends|implements)\s+([\w<>., ]+?)(?=\s+(?:extends|implements)\b|$)/g))
      names.push(...(clause[1] ?? '').split(',').map((name) => name.trim().replace(/<.*$/, '')));
  }
  return names.filter(Boolean);
}

/** The exported classes and interfaces of an application source, by name. */
export function declared(source: string): string[] {
  return [...source.matchAll(/^export\s+(?:abstract\s+)?(?:class|interface)\s+(\w+)/gm)].map((m) => m[1] ?? '');
}

const kebab = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();

/** A port's declaring file, as it must be named. */
export const isPortFile = (file: string, name: string) => file.endsWith(`/ports/${kebab(name)}.port.ts`);

describe('ports', () => {
  const applicationFiles = sources(join(ROOT, 'libs', 'application')).filter((file) => file.includes('/src/lib/'));
  const declaredIn = new Map<string, string[]>();
  for (const file of applicationFiles)
    for (const name of declared(readFileSync(file, 'utf8')))
      declaredIn.set(name, [...(declaredIn.get(name) ?? []), relative(ROOT, file)]);
  const targets = new Set(
    [join(ROOT, 'libs', 'adapters'), join(ROOT, 'libs', 'testing')]
      .flatMap(sources)
      .flatMap((file) => implemented(readFileSync(file, 'utf8'))),
  );
  const ports = [...targets].filter((name) => declaredIn.has(name));

  it('finds the ports the adapters and the harness implement', () => {
    expect(ports.length).toBeGreaterThan(50);
    expect(ports).toEqual(expect.arrayContaining(['AccountStore', 'Clock', 'TestClockControl', 'WebhookSender']));
  });

  it('declares each in ports/<kebab-name>.port.ts', () => {
    const misplaced = ports.flatMap((name) =>
      (declaredIn.get(name) ?? []).filter((file) => !isPortFile(file, name)).map((file) => `${name} in ${file}`),
    );
    expect(misplaced).toEqual([]);
  });

  it('the check reads what it must', () => {
    expect(implemented('export class SharedTestClock extends Clock implements TestClockControl {')).toEqual([
      'Clock',
      'TestClockControl',
    ]);
    expect(implemented('class Table<Row> implements Transactional, Other<Row> {')).toEqual(['Transactional', 'Other']);
    expect(declared('export abstract class FolderStore {\nexport interface FolderRecord {')).toEqual([
      'FolderStore',
      'FolderRecord',
    ]);
    expect(isPortFile('libs/application/intakes/src/lib/ports/folder-store.port.ts', 'FolderStore')).toBe(true);
    expect(isPortFile('libs/application/intakes/src/lib/ports/folder.store.ts', 'FolderStore')).toBe(false);
    expect(isPortFile('libs/application/kernel/src/lib/test-clock.port.ts', 'TestClockControl')).toBe(false);
  });
});
