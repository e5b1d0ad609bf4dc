import { Global, Module } from '@nestjs/common';
import { ChaseQueue, PlannedReminders, SentChases } from '@intake/application-chasing';
import { IntakeStore, ReminderPlanner } from '@intake/application-intakes';
import { PostgresChaseQueue } from './chase-queue';
import { PostgresSentChases } from './sent-chases';

/**
 * Binds the chasing context's queue and sent chases to PostgreSQL, and the intakes context's
 * ReminderPlanner port to the chasing context's planner (needs PostgresModule and
 * IntakesPersistenceModule).
 */
@Global()
@Module({
  providers: [
    { provide: ChaseQueue, useClass: PostgresChaseQueue },
    { provide: SentChases, useClass: PostgresSentChases },
    {
      provide: ReminderPlanner,
      inject: [IntakeStore],
      useFactory: (intakes: IntakeStore) => new PlannedReminders(intakes),
    },
  ],
  exports: [ChaseQueue, SentChases, ReminderPlanner],
})
export class ChasingPersistenceModule {}
