/** The payout profiles' settings (their variables: payouts/payouts.settings.ts). */
export class PayoutsSettings {
  constructor(
    /** How often each instance follows the pending linked accounts (one claim per round). */
    readonly workerIntervalMs: number,
  ) {}
}
