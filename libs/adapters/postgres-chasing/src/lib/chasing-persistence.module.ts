import { Global, Module } from '@nestjs/common';
import { AccountStore } from '@intake/application-accounts';
import {
  ChaseQueue,
  NotifyOwner,
  OwnerNoticeQueue,
  PlannedReminders,
  SentChases,
  ThankClient,
} from '@intake/application-chasing';
import { ClientThanks, IntakeStore, OwnerNotifier, ReminderPlanner } from '@intake/application-intakes';
import { AuditRecorder } from '@intake/kernel';
import { PostgresChaseQueue } from './postgres.chase-queue';
import { PostgresOwnerNoticeQueue } from './postgres.owner-notice-queue';
import { PostgresSentChases } from './postgres.sent-chases';

/**
 * Binds the chasing context's queues and sent chases to PostgreSQL, and the intakes context's
 * ReminderPlanner, OwnerNotifier and ClientThanks ports to the chasing context's planner, notifier
 * and thank-you (needs
 * PostgresModule, IntakesPersistenceModule and AccountsPersistenceModule).
 */
@Global()
@Module({
  providers: [
    { provide: ChaseQueue, useClass: PostgresChaseQueue },
    { provide: SentChases, useClass: PostgresSentChases },
    { provide: OwnerNoticeQueue, useClass: PostgresOwnerNoticeQueue },
    {
      provide: ReminderPlanner,
      inject: [IntakeStore],
      useFactory: (intakes: IntakeStore) => new PlannedReminders(intakes),
    },
    {
      provide: OwnerNotifier,
      inject: [AccountStore, IntakeStore, OwnerNoticeQueue],
      useFactory: (accounts: AccountStore, intakes: IntakeStore, queue: OwnerNoticeQueue) =>
        new NotifyOwner(accounts, intakes, queue),
    },
    {
      provide: ClientThanks,
      inject: [AccountStore, IntakeStore, AuditRecorder],
      useFactory: (accounts: AccountStore, intakes: IntakeStore, audit: AuditRecorder) =>
        new ThankClient(accounts, intakes, audit),
    },
  ],
  exports: [ChaseQueue, SentChases, OwnerNoticeQueue, ReminderPlanner, OwnerNotifier, ClientThanks],
})
export class ChasingPersistenceModule {}
