import type { Deal, Milestone } from '../../deals/deals.contract.js';
import type { IntentKind, PaymentIntent } from './ports/payment-intents.js';

/** What driving an intent came to: its work is recorded, or it must be looked at again later. */
export type DriveResult = 'done' | 'waiting';

/** One intent kind's work: drives it once, throwing when the gateway (or the database) fails. */
export type IntentHandler = (intent: PaymentIntent) => Promise<DriveResult>;

/** How a handler starts the next step of the money: opens its intent (once) and drives it. */
export interface IntentChain {
  openAndRun(
    kind: Exclude<IntentKind, 'fund' | 'refund_payment' | 'approve'>,
    deal: Deal,
    milestone: Milestone,
  ): Promise<void>;
  /** Drives an intent already opened. */
  run(intent: PaymentIntent): Promise<void>;
}

/** The deal and its milestone `milestoneId`, or undefined when either is gone. */
export async function dealAndMilestone(
  deals: { findById(id: string): Promise<Deal | undefined> },
  dealId: string,
  milestoneId: string,
): Promise<{ deal: Deal; milestone: Milestone } | undefined> {
  const deal = await deals.findById(dealId);
  const milestone = deal?.milestones.find(({ id }) => id === milestoneId);
  return deal && milestone ? { deal, milestone } : undefined;
}
