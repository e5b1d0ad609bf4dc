import { IntakeStore, type IntakeRecord, systemAccess } from '@intake/application-intakes';
import { MailTransport } from '@intake/application-mail';
import { SmsTransport, SmsTransportError } from '@intake/application-sms';
import { missingItemKeys } from '@intake/domain-intake';
import { ChaseQueue, type ChaseOutcome, type DueChase } from '../ports/chase-queue.port';
import { ChaseLetters } from './chase-letters';
import { RecordChase } from './record-chase';

/** A temporary failure (the mail server or SMS provider did not answer) is tried this many times in all. */
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

const failureOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * One claimed chase: decide, send (outside any transaction: a mail server can be slow), then
 * record the outcome (RecordChase). A crash between the send and the record leaves the chase
 * claimed until its lease runs out, and it is sent again then (see docs/decisions.md). E-mail
 * goes through MailTransport, a chase of channel `sms` (a manual one) through SmsTransport.
 */
export class DeliverChase {
  static readonly inject = [IntakeStore, ChaseQueue, MailTransport, SmsTransport, ChaseLetters, RecordChase] as const;

  constructor(
    private readonly intakes: IntakeStore,
    private readonly queue: ChaseQueue,
    private readonly mail: MailTransport,
    private readonly sms: SmsTransport,
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
      chase.kind === 'invite'
        ? intake.status !== 'archived'
        : chase.kind === 'manual' // the owner's own chase goes to a stalled intake too, not to a completed one
          ? intake.status === 'sent' || intake.status === 'in_progress'
          : chased(intake);
    if (!stillWanted) return { status: 'cancelled', at: now, error: 'the intake is no longer being chased' };
    if (intake.mode === 'test') return { status: 'skipped', at: now, error: TEST_MODE_SKIP };
    return chase.channel === 'sms' ? this.text(chase, intake, worker, now) : this.email(chase, intake, worker, now);
  }

  private async email(
    chase: DueChase,
    intake: IntakeRecord,
    worker: string,
    now: Date,
  ): Promise<ChaseOutcome | 'retry'> {
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
      return this.retryOrFail(chase, worker, now, `the mail server refused or did not answer: ${failureOf(error)}`);
    }
  }

  /** An SMS chase: to the client's phone; a permanent refusal (bad number, rejected text) is not retried. */
  private async text(
    chase: DueChase,
    intake: IntakeRecord,
    worker: string,
    now: Date,
  ): Promise<ChaseOutcome | 'retry'> {
    const to = intake.client_phone;
    if (!to) return { status: 'cancelled', at: now, error: 'the client has no phone number' };
    const items = await this.intakes.items(intake.id);
    try {
      const sent = await this.sms.send(await this.letters.text(intake, to));
      return {
        status: 'sent',
        at: now,
        provider_message_id: sent.messageId,
        recipients: [to],
        missing_items_count: missingItemKeys(items).length,
      };
    } catch (error) {
      const permanent = error instanceof SmsTransportError && error.permanent;
      const reason = `the SMS provider refused or did not answer: ${failureOf(error)}`;
      return this.retryOrFail(chase, worker, now, reason, permanent);
    }
  }

  /** A temporary failure is tried again later (1, 2, 4, 8 minutes); the last try, or a permanent failure, is `failed`. */
  private async retryOrFail(
    chase: DueChase,
    worker: string,
    now: Date,
    reason: string,
    permanent = false,
  ): Promise<ChaseOutcome | 'retry'> {
    if (permanent || chase.send_attempts + 1 >= MAX_SEND_ATTEMPTS) return { status: 'failed', at: now, error: reason };
    await this.queue.retryLater(chase.id, worker, new Date(now.getTime() + retryDelayMs(chase.send_attempts)), reason);
    return 'retry';
  }
}
