import { Clock } from '@intake/kernel';

/** Real time. */
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
