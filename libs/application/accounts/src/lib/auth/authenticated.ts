import { type Plan, type Principal } from '@intake/domain-accounts';

/** A caller, and the plan of its account (for the hourly limit). */
export interface Authenticated {
  principal: Principal;
  plan: Plan;
}
