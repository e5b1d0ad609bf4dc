/** Runs work in one database transaction; stores called inside it join the transaction. */
export abstract class UnitOfWork {
  abstract run<T>(work: () => Promise<T>): Promise<T>;
}
