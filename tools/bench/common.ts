/** What the benchmarks share. */
/** Resolves once `url` answers 2xx; fails after 30 s. */
export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 150; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never answered`);
}

/** The api's V8 flags in production (docker/Dockerfile.api, npm start); BENCH_NODE_FLAGS overrides. */
export const API_NODE_FLAGS = '--max-semi-space-size=4';
