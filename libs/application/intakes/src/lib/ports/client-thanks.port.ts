import { type IntakeRecord } from '@intake/domain-intake';

/**
 * Thanks the client by e-mail when an intake completes (the intake's `send_thank_you`, else the
 * account's). Called in the transaction of the completion: it only queues the mail, which the
 * scheduler sends after the commit, as it sends chases. The chasing context binds it.
 */
export abstract class ClientThanks {
  /** The intake has just completed (`intake.completed`). */
  abstract completed(intake: IntakeRecord, now: Date): Promise<void>;
}
