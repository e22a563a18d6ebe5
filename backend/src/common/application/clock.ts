/** The current time: a port, so use cases can be tested at any instant. */
export abstract class Clock {
  abstract now(): Date;
}
