/** The back-office's limits, from configuration. */
export class AdminSettings {
  constructor(
    /** CSV exports one admin may start per minute. */
    readonly exportsPerMinute: number,
  ) {}
}
