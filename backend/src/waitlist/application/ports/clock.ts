/** The current time, replaceable in tests. */
export abstract class Clock {
  abstract now(): Date;
}
