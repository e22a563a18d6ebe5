/**
 * Lets many instances share one periodic job: each time window's slot is claimed by exactly one
 * of them (an insert against a unique key), so the job runs once per window, not once per instance.
 */
export abstract class SweepSlots {
  /** True for the one caller that claims `job`'s slot for the window starting at `windowStart`. */
  abstract claim(job: string, windowStart: Date): Promise<boolean>;
}
