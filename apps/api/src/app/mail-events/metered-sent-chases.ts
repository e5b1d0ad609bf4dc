import { type SentChase, type SentChaseChange, SentChases } from '@intake/application-chasing';
import { type Metrics } from '@intake/http';

/** SentChases that counts each chase the mail provider's reports turn bounced (an e-mail chase). */
export class MeteredSentChases extends SentChases {
  constructor(
    private readonly inner: SentChases,
    private readonly metrics: Metrics,
  ) {
    super();
  }

  findByMessageId(messageIds: readonly string[]): Promise<SentChase | undefined> {
    return this.inner.findByMessageId(messageIds);
  }

  async recordEvents(chaseId: string, change: SentChaseChange): Promise<boolean> {
    const recorded = await this.inner.recordEvents(chaseId, change);
    if (recorded && change.status === 'bounced' && change.from !== 'bounced')
      this.metrics.chases.inc({ channel: 'email', outcome: 'bounced' });
    return recorded;
  }
}
