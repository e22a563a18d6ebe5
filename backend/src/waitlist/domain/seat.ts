/** Seats 1 to EARLY_ACCESS_SLOTS come with early access; later entries still join the waitlist. */
export const EARLY_ACCESS_SLOTS = 1000;

/** A place in the order of confirmation, counted from 1: claimed when an entry is confirmed. */
export class Seat {
  private constructor(readonly number: number) {}

  static of(number: number): Seat {
    if (!Number.isSafeInteger(number) || number < 1) {
      throw new RangeError(`A seat number is a positive integer, not ${number}`);
    }
    return new Seat(number);
  }

  get isEarlyAccess(): boolean {
    return this.number <= EARLY_ACCESS_SLOTS;
  }
}
