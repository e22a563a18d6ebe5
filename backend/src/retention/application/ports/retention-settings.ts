/** The retention job's configuration (LAUNCH_DATE, WAITLIST_RETENTION_MONTHS_AFTER_LAUNCH). */
export class RetentionSettings {
  constructor(
    /** Undefined before the launch date is known: nothing is erased. */
    readonly launchDate: Date | undefined,
    readonly monthsAfterLaunch: number,
  ) {}
}
