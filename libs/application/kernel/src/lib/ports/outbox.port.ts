/** The transactional outbox: events leave after the transaction that produced them commits. */
export abstract class Outbox {
  abstract append(topic: string, payload: Record<string, unknown>, now: Date): Promise<void>;
}
