/**
 * Builder factories with defaults (`aThing().with({ ... }).build()`): a test names only the
 * fields it cares about. `defaults` is called per build, so each object gets fresh ids.
 */
export class Builder<T extends object> {
  constructor(
    private readonly defaults: () => T,
    private readonly overrides: Partial<T> = {},
  ) {}

  with(overrides: Partial<T>): Builder<T> {
    return new Builder(this.defaults, { ...this.overrides, ...overrides });
  }

  build(): T {
    return { ...this.defaults(), ...this.overrides };
  }

  buildMany(count: number): T[] {
    return Array.from({ length: count }, () => this.build());
  }
}

export function factory<T extends object>(defaults: () => T): () => Builder<T> {
  return () => new Builder(defaults);
}
