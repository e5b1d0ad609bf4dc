import { Global, Module } from '@nestjs/common';
import { AccountStore } from '@intake/application-accounts';
import {
  ChaseIntakes,
  ChaseQueue,
  ChaseStore,
  NotifyOwner,
  OwnerNoticeQueue,
  PlannedReminders,
  SentChases,
  StoredChaseIntakes,
  ThankClient,
} from '@intake/application-chasing';
import { ClientThanks, IntakeChases, IntakeStore, OwnerNotifier, ReminderPlanner } from '@intake/application-intakes';
import { AuditRecorder } from '@intake/kernel';
import { PostgresChaseQueue } from './postgres.chase-queue';
import { PostgresChaseStore } from './postgres.chase-store';
import { PostgresOwnerNoticeQueue } from './postgres.owner-notice-queue';
import { PostgresSentChases } from './postgres.sent-chases';

/**
 * Binds the chasing context's chase store, queues and sent chases to PostgreSQL, its ChaseIntakes
 * to the intakes context's store, and the intakes context's IntakeChases (the same chase store),
 * ReminderPlanner, OwnerNotifier and ClientThanks ports to the chasing context's store, planner,
 * notifier and thank-you (needs PostgresModule, IntakesPersistenceModule and
 * AccountsPersistenceModule).
 */
@Global()
@Module({
  providers: [
    { provide: ChaseStore, useClass: PostgresChaseStore },
    { provide: IntakeChases, useExisting: ChaseStore },
    { provide: ChaseQueue, useClass: PostgresChaseQueue },
    { provide: SentChases, useClass: PostgresSentChases },
    { provide: OwnerNoticeQueue, useClass: PostgresOwnerNoticeQueue },
    {
      provide: ReminderPlanner,
      inject: [ChaseStore],
      useFactory: (chases: ChaseStore) => new PlannedReminders(chases),
    },
    {
      provide: ChaseIntakes,
      inject: [IntakeStore],
      useFactory: (intakes: IntakeStore) => new StoredChaseIntakes(intakes),
    },
    {
      provide: OwnerNotifier,
      inject: [AccountStore, ChaseIntakes, ChaseStore, OwnerNoticeQueue],
      useFactory: (accounts: AccountStore, intakes: ChaseIntakes, chases: ChaseStore, queue: OwnerNoticeQueue) =>
        new NotifyOwner(accounts, intakes, chases, queue),
    },
    {
      provide: ClientThanks,
      inject: [AccountStore, ChaseStore, AuditRecorder],
      useFactory: (accounts: AccountStore, chases: ChaseStore, audit: AuditRecorder) =>
        new ThankClient(accounts, chases, audit),
    },
  ],
  exports: [
    ChaseStore,
    ChaseIntakes,
    IntakeChases,
    ChaseQueue,
    SentChases,
    OwnerNoticeQueue,
    ReminderPlanner,
    OwnerNotifier,
    ClientThanks,
  ],
})
export class ChasingPersistenceModule {}
