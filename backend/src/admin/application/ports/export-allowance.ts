/** Per-admin budget of exports per minute, shared by every instance of the API. */
export abstract class ExportAllowance {
  /** Uses one export of the admin's budget for the minute of `now`; false when none is left. */
  abstract take(adminId: string, now: Date, perMinute: number): Promise<boolean>;
}
