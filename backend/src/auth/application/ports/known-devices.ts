/** What a sign-in's browser turned out to be for the account. */
export interface DeviceSighting {
  /** True only for the first sign-in of the account from this browser and system, ever. */
  readonly firstSeen: boolean;
  /** The browser and system in words ("Firefox on Linux"), for the notice. */
  readonly name: string;
}

/**
 * The browsers (name, operating system, kind of device; not their versions) an account has
 * signed in from (#41). Recording one is claim-once: of two sign-ins racing from a new browser,
 * one sees it first.
 */
export abstract class KnownDevices {
  abstract remember(accountId: string, userAgent: string | null, at: Date): Promise<DeviceSighting>;
}
