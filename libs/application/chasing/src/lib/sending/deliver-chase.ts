import { IntakeStore, type IntakeRecord, systemAccess } from '@intake/application-intakes';
import { MailTransport } from '@intake/application-mail';
import { missingItemKeys } from '@intake/domain-intake';
import { ChaseQueue, type ChaseOutcome, type DueChase } from '../ports/chase-queue.port';
import { ChaseLetters } from './chase-letters';
import { RecordChase } from './record-chase';

/** A temporary failure (the mail server did not answer) is tried this many times in all. */
export const MAX_SEND_ATTEMPTS = 5;
/** The wait before the next try: 1, 2, 4, 8 minutes. */
export const retryDelayMs = (failedAttempts: number): number => 60_000 * 2 ** failedAttempts;

export const TEST_MODE_SKIP = 'test mode: nothing is sent to the client';

/** The addresses a chase goes to: the client and every additional recipient, less bounced ones. */
export function recipientsOf(intake: IntakeRecord): string[] {
  return [
    ...(intake.client_bounced_at ? [] : [intake.client_email]),
    ...intake.also_notify.filter((r) => !r.bounced_at).map((r) => r.email),
  ];
}

const chased = (intake: IntakeRecord): boolean =>
  (intake.status === 'sent' || intake.status === 'in_progress') && intake.stalled_at === null;

/**
 * One claimed chase: decide, send (outside any transaction: a mail server can be slow), then
 * record the outcome (RecordChase). A crash between the send and the record leaves the chase
 * claimed until its lease runs out, and it is sent again then (see docs/decisions.md).
 */
export class DeliverChase {
  static readonly inject = [IntakeStore, ChaseQueue, MailTransport, ChaseLetters, RecordChase] as const;

  constructor(
    private readonly intakes: IntakeStore,
    private readonly queue: ChaseQueue,
    private readonly mail: MailTransport,
    private readonly letters: ChaseLetters,
    private readonly outcomes: RecordChase,
  ) {}

  async deliver(chase: DueChase, worker: string, now: Date): Promise<ChaseOutcome['status'] | 'retry' | 'lost'> {
    const intake = await this.intakes.get(systemAccess(chase.account_id), chase.intake_id);
    if (!intake) return 'lost'; // deleted meanwhile: its chases went with it
    const outcome = await this.decide(chase, intake, worker, now);
    if (outcome === 'retry') return 'retry';
    return (await this.outcomes.record(chase, worker, outcome, now)) ? outcome.status : 'lost';
  }

  private async decide(
    chase: DueChase,
    intake: IntakeRecord,
    worker: string,
    now: Date,
  ): Promise<ChaseOutcome | 'retry'> {
    const stillWanted =
      chase.kind === 'invite' || chase.kind === 'manual' ? intake.status !== 'archived' : chased(intake);
    if (!stillWanted) return { status: 'cancelled', at: now, error: 'the intake is no longer being chased' };
    if (intake.mode === 'test') return { status: 'skipped', at: now, error: TEST_MODE_SKIP };
    const to = recipientsOf(intake);
    if (to.length === 0) return { status: 'cancelled', at: now, error: 'every recipient has bounced' };
    const items = await this.intakes.items(intake.id);
    const letter = await this.letters.compose(chase, intake, items, to);
    try {
      const sent = await this.mail.send(letter);
      return {
        status: 'sent',
        at: now,
        provider_message_id: sent.messageId,
        recipients: to,
        missing_items_count: missingItemKeys(items).length,
      };
    } catch (error) {
      const reason = `the mail server refused or did not answer: ${error instanceof Error ? error.message : String(error)}`;
      if (chase.send_attempts + 1 >= MAX_SEND_ATTEMPTS) return { status: 'failed', at: now, error: reason };
      await this.queue.retryLater(
        chase.id,
        worker,
        new Date(now.getTime() + retryDelayMs(chase.send_attempts)),
        reason,
      );
      return 'retry';
    }
  }
}
