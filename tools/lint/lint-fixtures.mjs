// Lints source texts as if they stood at given paths in the workspace (virtual files; nothing is
// written). Input on stdin: [{ "path": "...", "code": "..." }]; output: one array of
// "<rule>: <message>" errors per input, as JSON.
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const fixtures = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const eslint = new ESLint({ cwd: root });
const results = [];
for (const fixture of fixtures) {
  const [result] = await eslint.lintText(fixture.code, { filePath: join(root, fixture.path) });
  results.push((result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`));
}
process.stdout.write(JSON.stringify(results));
