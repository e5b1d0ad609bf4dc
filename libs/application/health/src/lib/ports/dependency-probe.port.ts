/** The dependencies a readiness check names (GET /readyz). */
export type DependencyName = 'database' | 'redis' | 'object_storage' | 'mail_transport' | 'sms_transport';

/**
 * A check that one dependency answers. Adapters implement it; `check` resolves when the
 * dependency is usable and rejects (with a message safe to show an operator) when it is not.
 */
export abstract class DependencyProbe {
  abstract readonly dependency: DependencyName;
  abstract check(): Promise<void>;
}
