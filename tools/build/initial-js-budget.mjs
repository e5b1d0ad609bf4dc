import { gzipSync } from 'node:zlib';

/**
 * A Vite (Rolldown) plugin that prints how much JavaScript a browser loads before the first page
 * shows, gzipped, and fails the build above `limitBytes`: the entry chunk and every chunk it
 * imports statically, transitively. Chunks reached only through `import()` (the pages behind
 * React.lazy, the other languages' catalogues) load later and are not counted.
 *
 * @param {{ limitBytes: number, log?: (line: string) => void }} options
 */
export function initialJsBudget({ limitBytes, log = (line) => console.log(line) }) {
  return {
    name: 'initial-js-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const initial = new Set();
      const visit = (fileName) => {
        if (initial.has(fileName)) return;
        const chunk = byName.get(fileName);
        if (!chunk) return;
        initial.add(fileName);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
      const sizes = [...initial].map((fileName) => [
        fileName,
        gzipSync(byName.get(fileName).code, { level: 9 }).length,
      ]);
      const total = sizes.reduce((sum, [, size]) => sum + size, 0);
      const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
      const lazy = chunks.length - initial.size;
      log(
        `initial JavaScript: ${kb(total)} gzipped in ${initial.size} file(s) (budget ${kb(limitBytes)}); ${lazy} chunk(s) load on demand`,
      );
      for (const [fileName, size] of sizes) log(`  ${fileName}: ${kb(size)}`);
      if (total > limitBytes)
        this.error(`initial JavaScript is ${kb(total)} gzipped, over the budget of ${kb(limitBytes)}`);
    },
  };
}
