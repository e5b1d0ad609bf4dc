import { type IntakeRecord } from '@intake/domain-intake';

/**
 * Re-plans an intake's reminders after its schedule changed. The chasing context binds it; until
 * then the bound implementation cancels the still-scheduled reminders.
 */
export abstract class ReminderPlanner {
  abstract replan(intake: IntakeRecord, now: Date): Promise<void>;
}
