import type { FactoryProvider } from '@nestjs/common';
import type { Wired } from '@intake/kernel';

/**
 * The Nest provider of a use case (or any class that lists its dependencies in a static
 * `inject`): the class is its own token, and its constructor gets the listed tokens.
 */
export function useCase<T, A extends readonly unknown[]>(type: Wired<T, A>): FactoryProvider<T> {
  return { provide: type, inject: [...type.inject], useFactory: (...deps: A) => new type(...deps) };
}
