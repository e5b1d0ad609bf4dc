import { type Wired } from '@intake/kernel';

/** What `construct` needs of a Nest application: its container lookup. */
export interface Container {
  get(token: unknown, options: { strict: false }): unknown;
}

/**
 * Builds a class that lists its dependencies in a static `inject` (a use case) from a running
 * app's container; a dependency the app does not provide is built the same way. Lets an e2e test
 * drive a use case that the app under test does not wire itself.
 */
export function construct<T, A extends readonly unknown[]>(app: Container, type: Wired<T, A>): T {
  const dependencies = type.inject.map((token) => resolve(app, token));
  return new type(...(dependencies as unknown as A));
}

function resolve(app: Container, token: unknown): unknown {
  try {
    return app.get(token, { strict: false });
  } catch (error) {
    if (typeof token === 'function' && 'inject' in token) {
      return construct(app, token as unknown as Wired<unknown, readonly unknown[]>);
    }
    throw error;
  }
}
