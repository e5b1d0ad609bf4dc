import { type DependencyName, type DependencyProbe } from './ports/dependency-probe.port';

export type ProbeOutcome = 'ok' | 'unavailable';

export interface Readiness {
  ready: boolean;
  checks: Partial<Record<DependencyName, ProbeOutcome>>;
  failing: DependencyName[];
}

/** Default time one probe may take before it counts as failed, so /readyz never hangs. */
export const PROBE_TIMEOUT_MS = 2_000;

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs every probe in parallel, each bounded by a timeout; ready only when all answer. */
export async function checkReadiness(
  probes: readonly DependencyProbe[],
  timeoutMs: number = PROBE_TIMEOUT_MS,
  onFailure?: (dependency: DependencyName, error: unknown) => void,
): Promise<Readiness> {
  const outcomes = await Promise.all(
    probes.map(async (probe) => {
      try {
        await withTimeout(
          Promise.resolve().then(() => probe.check()),
          timeoutMs,
        );
        return [probe.dependency, 'ok'] as const;
      } catch (error) {
        onFailure?.(probe.dependency, error);
        return [probe.dependency, 'unavailable'] as const;
      }
    }),
  );
  const checks: Readiness['checks'] = {};
  const failing: DependencyName[] = [];
  for (const [dependency, outcome] of outcomes) {
    checks[dependency] = outcome;
    if (outcome !== 'ok') failing.push(dependency);
  }
  return { ready: failing.length === 0, checks, failing };
}
