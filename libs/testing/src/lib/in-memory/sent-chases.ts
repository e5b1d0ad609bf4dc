import { type SentChase, type SentChaseChange, SentChases } from '@intake/application-chasing';
import { normaliseMessageId } from '@intake/domain-bounce';
import { copy } from './unit-of-work';
import { type InMemoryDatabase } from './database';

/** Sent e-mail chases by their provider message id, in memory (the chases table's bounce columns). */
export class InMemorySentChases extends SentChases {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async findByMessageId(messageIds: readonly string[]): Promise<SentChase | undefined> {
    const found = this.db.chaseDelivery.rows
      .filter(
        (row) => row.provider_message_id !== null && messageIds.includes(normaliseMessageId(row.provider_message_id)),
      )
      .flatMap((row) => {
        const chase = this.db.chases.rows.find((c) => c.id === row.chase_id && c.channel === 'email');
        const intake = chase && this.db.intakes.rows.find((i) => i.id === chase.intake_id);
        return chase && intake ? [{ row, chase, intake }] : [];
      })
      .sort((a, b) => (b.chase.sent_at?.getTime() ?? 0) - (a.chase.sent_at?.getTime() ?? 0));
    const [newest] = found;
    if (!newest) return undefined;
    return copy({
      id: newest.chase.id,
      intake_id: newest.chase.intake_id,
      account_id: newest.intake.account_id,
      status: newest.chase.status,
      provider_message_id: newest.row.provider_message_id as string,
      delivered_to: newest.row.delivered_to,
      provider_events: newest.row.provider_events,
    });
  }

  async recordEvents(chaseId: string, change: SentChaseChange): Promise<boolean> {
    const chase = this.db.chases.rows.find((c) => c.id === chaseId);
    const row = this.db.chaseDelivery.rows.find((r) => r.chase_id === chaseId);
    if (!chase || !row || chase.status !== change.from) return false;
    if (change.events.some((key) => row.provider_events.includes(key))) return false;
    chase.status = change.status;
    row.delivered_to = [...change.delivered_to];
    row.provider_events = [...row.provider_events, ...change.events];
    return true;
  }
}
