/** A token the composition root resolves: an abstract port or a concrete class. */
export type Token<T> = abstract new (...args: never[]) => T;

/**
 * The tokens a class needs, in the order of its constructor's parameters. A use case declares
 * them as `static readonly inject = [UnitOfWork, IntakeStore] as const;` so the Nest module that
 * wires it (`useCase(CreateIntake)` in @intake/http) needs no list of its own, and the compiler
 * refuses a list that does not match the constructor.
 */
export type Dependencies<A extends readonly unknown[]> = { readonly [K in keyof A]: Token<A[K]> };

/** A class whose constructor dependencies are listed in its static `inject`. */
export interface Wired<T, A extends readonly unknown[]> {
  new (...args: A): T;
  readonly inject: Dependencies<A>;
}
