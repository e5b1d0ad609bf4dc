import { MailTransport } from '@intake/application-mail';
import { SmsTransport, SmsTransportError } from '@intake/application-sms';
import { type AccountRecord } from '@intake/application-accounts';
import { thanksClient } from '@intake/domain-chase';
import { missingItemKeys, type IntakeRecord, type ItemRecord } from '@intake/domain-intake';
import { ChaseIntakes } from '../ports/chase-intakes.port';
import { ChaseQueue, type ChaseOutcome, type DueChase } from '../ports/chase-queue.port';
import { ChaseLetters, type Sender } from './chase-letters';
import { type Delivered, RecordChase } from './record-chase';
import { sendAndRecord } from './send-and-record';

/** A temporary failure (the mail server or SMS provider did not answer) is tried this many times in all. */
export const MAX_SEND_ATTEMPTS = 5;
/** The wait before the next try: 1, 2, 4, 8 minutes. */
export const retryDelayMs = (failedAttempts: number): number => 60_000 * 2 ** failedAttempts;

export const TEST_MODE_SKIP = 'test mode: nothing is sent to the client';

/** Sends in flight at once within a batch (the SMTP pool holds fewer connections; the rest queue there). */
export const CHASE_CONCURRENCY = 16;

/** The addresses a chase goes to: the client and every additional recipient, less bounced ones. */
export function recipientsOf(intake: IntakeRecord): string[] {
  return [
    ...(intake.client_bounced_at ? [] : [intake.client_email]),
    ...intake.also_notify.filter((r) => !r.bounced_at).map((r) => r.email),
  ];
}

const chased = (intake: IntakeRecord): boolean =>
  (intake.status === 'sent' || intake.status === 'in_progress') && intake.stalled_at === null;

/** Whether a due chase still has a reason to go out, by its kind and the intake as it is now. */
function stillWanted(chase: DueChase, intake: IntakeRecord, account: AccountRecord): boolean {
  switch (chase.kind) {
    case 'invite':
      return intake.status !== 'archived';
    case 'manual': // the owner's own chase goes to a stalled intake too, not to a completed one
      return intake.status === 'sent' || intake.status === 'in_progress';
    case 'thank_you': // withdrawn when the intake reopened (or was archived) or thanks were switched off meanwhile
      return intake.status === 'completed' && thanksClient(intake.send_thank_you, account.send_thank_you);
    case 'items_added': // the new items are news to the client whatever became of the intake, unless archived
      return intake.status === 'sent' || intake.status === 'in_progress' || intake.status === 'completed';
    case 'reminder':
    case 'revision':
      return chased(intake);
  }
}

const failureOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** What the deliveries of one batch read at once: the intakes, their items, and the senders. */
interface BatchReads {
  intakes: Map<string, IntakeRecord>;
  items: Map<string, ItemRecord[]>;
  senders: Map<string, Sender>;
}

/** One chase to send, with what its batch read for it. */
interface Sending {
  chase: DueChase;
  intake: IntakeRecord;
  items: ItemRecord[];
  sender: Sender;
  worker: string;
  now: Date;
}

/**
 * A claimed batch: read what the chases need in one go (four queries for the batch, not four per
 * chase), then for each chase decide and send (outside any transaction: a mail server can be
 * slow), and record the outcomes (RecordChase) in groups as they come. A crash between a send and
 * the commit of its group leaves the chase claimed until its lease runs out, and it is sent again
 * then (docs/contexts/chasing.md, "Chasing": the crash window). E-mail goes through MailTransport, a chase of
 * channel `sms` (a manual one) through SmsTransport.
 */
export class DeliverChase {
  static readonly inject = [ChaseIntakes, ChaseQueue, MailTransport, SmsTransport, ChaseLetters, RecordChase] as const;

  constructor(
    private readonly intakes: ChaseIntakes,
    private readonly queue: ChaseQueue,
    private readonly mail: MailTransport,
    private readonly sms: SmsTransport,
    private readonly letters: ChaseLetters,
    private readonly outcomes: RecordChase,
  ) {}

  /** How many chases were handled (sent, skipped, cancelled, failed, or given back for a retry). */
  async deliverBatch(batch: readonly DueChase[], worker: string, now: Date): Promise<number> {
    if (batch.length === 0) return 0;
    const reads = await this.read(batch);
    return sendAndRecord(
      batch,
      CHASE_CONCURRENCY,
      async (chase): Promise<Delivered | undefined> => {
        const intake = reads.intakes.get(chase.intake_id);
        if (!intake) return undefined; // deleted meanwhile: its chases went with it
        const sender = reads.senders.get(intake.account_id);
        if (!sender) throw new Error(`the account of intake ${intake.id} is gone`);
        const items = reads.items.get(intake.id) ?? [];
        const outcome = await this.decide({ chase, intake, items, sender, worker, now });
        return outcome === 'retry' ? undefined : { chase, outcome };
      },
      async (group) => void (await this.outcomes.recordMany(group, worker, now)),
    );
  }

  private async read(batch: readonly DueChase[]): Promise<BatchReads> {
    const intakeIds = [...new Set(batch.map((c) => c.intake_id))];
    const [intakes, items, senders] = await Promise.all([
      this.intakes.getMany(intakeIds),
      this.intakes.itemsOfMany(intakeIds),
      this.letters.senders([...new Set(batch.map((c) => c.account_id))]),
    ]);
    const itemsOf = new Map<string, ItemRecord[]>();
    for (const item of items) itemsOf.set(item.intake_id, [...(itemsOf.get(item.intake_id) ?? []), item]);
    return { intakes: new Map(intakes.map((i) => [i.id, i])), items: itemsOf, senders };
  }

  private async decide(s: Sending): Promise<ChaseOutcome | 'retry'> {
    const { chase, intake, now } = s;
    if (!stillWanted(chase, intake, s.sender.account)) {
      return { status: 'cancelled', at: now, error: 'the intake is no longer being chased' };
    }
    if (intake.mode === 'test') return { status: 'skipped', at: now, error: TEST_MODE_SKIP };
    return chase.channel === 'sms' ? this.text(s) : this.email(s);
  }

  private async email({ chase, intake, items, sender, worker, now }: Sending): Promise<ChaseOutcome | 'retry'> {
    const to = recipientsOf(intake);
    if (to.length === 0) return { status: 'cancelled', at: now, error: 'every recipient has bounced' };
    try {
      const sent = await this.mail.send(this.letters.compose(chase, intake, items, to, sender));
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
  private async text({ chase, intake, items, sender, worker, now }: Sending): Promise<ChaseOutcome | 'retry'> {
    const to = intake.client_phone;
    if (!to) return { status: 'cancelled', at: now, error: 'the client has no phone number' };
    try {
      const sent = await this.sms.send(this.letters.text(intake, to, sender));
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
