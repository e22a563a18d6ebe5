import { Clock } from '../application/clock.js';

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
