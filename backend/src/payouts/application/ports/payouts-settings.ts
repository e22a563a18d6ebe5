/** The payout profiles' settings (app-config). */
export class PayoutsSettings {
  constructor(
    /** How often each instance follows the pending linked accounts (one claim per round). */
    readonly workerIntervalMs: number,
  ) {}
}
