import { Clock } from '@intake/application-time';

/** Real time. */
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
