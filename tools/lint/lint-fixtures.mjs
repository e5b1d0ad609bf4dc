// Lints source texts as if they stood at given paths in the workspace. Input on stdin:
// [{ "path": "...", "code": "..." }]; output: one array of "<rule>: <message>" errors per input, as
// JSON. Type-aware rules need each file to be part of its project, so every fixture is written
// beside the path it names (under a unique name, in the same folder) while it is linted, and
// removed afterwards. A fixture whose file name is what it tests (a port file is named after its
// port) names itself `lint-fixture-<…>` and keeps that name.
import { ESLint } from 'eslint';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const fixtures = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const written = [];
const created = [];
try {
  const files = fixtures.map((fixture, index) => {
    const given = basename(fixture.path);
    const name = given.startsWith('lint-fixture-')
      ? given
      : given.replace(/^[^.]+/, `lint-fixture-${process.pid}-${index}`);
    const directory = join(root, dirname(fixture.path));
    const path = join(directory, name);
    if (!created.includes(directory)) {
      try {
        mkdirSync(directory);
        created.push(directory);
      } catch {
        // it exists already
      }
    }
    writeFileSync(path, fixture.code);
    written.push(path);
    return path;
  });
  const eslint = new ESLint({ cwd: root });
  const results = [];
  for (const [index, fixture] of fixtures.entries()) {
    const [result] = await eslint.lintText(fixture.code, { filePath: files[index] });
    results.push((result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`));
  }
  process.stdout.write(JSON.stringify(results));
} finally {
  for (const path of written) rmSync(path, { force: true });
  for (const directory of created.reverse()) rmSync(directory, { recursive: true, force: true });
}
