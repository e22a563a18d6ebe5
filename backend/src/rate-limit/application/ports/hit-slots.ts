/**
 * The shared store of claimed hit slots (see domain/rate-limit-window.ts), common to every
 * instance of the API.
 */
export abstract class HitSlots {
  /**
   * Claims a slot once: true for the one caller that gets it, false for every later one, on
   * any instance. Throws when the store cannot be reached.
   */
  abstract claim(slot: string, expiresAt: Date): Promise<boolean>;

  /** Forgets the slots that expired before `before` (their windows are over). */
  abstract removeExpired(before: Date): Promise<void>;
}
