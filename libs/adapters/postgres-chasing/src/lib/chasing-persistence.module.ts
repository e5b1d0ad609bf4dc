import { Global, Module } from '@nestjs/common';
import { ChaseQueue, PlannedReminders } from '@intake/application-chasing';
import { IntakeStore, ReminderPlanner } from '@intake/application-intakes';
import { PostgresChaseQueue } from './chase-queue';

/**
 * Binds the chasing context's queue to PostgreSQL, and the intakes context's ReminderPlanner port
 * to the chasing context's planner (needs PostgresModule and IntakesPersistenceModule).
 */
@Global()
@Module({
  providers: [
    { provide: ChaseQueue, useClass: PostgresChaseQueue },
    {
      provide: ReminderPlanner,
      inject: [IntakeStore],
      useFactory: (intakes: IntakeStore) => new PlannedReminders(intakes),
    },
  ],
  exports: [ChaseQueue, ReminderPlanner],
})
export class ChasingPersistenceModule {}
