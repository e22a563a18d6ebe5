import type { StatusTone } from '@/components/ui/status-badge';

/** A milestone's money state, as the API names it (the server moves it; screens only show it). */
export type MilestoneMoneyState =
  | 'pending'
  | 'funded'
  | 'submitted'
  | 'changes_requested'
  | 'approved'
  | 'released'
  | 'settled'
  | 'disputed'
  | 'refunded';

/**
 * The words people read for each state. "Payment secured with Razorpay", never "escrow" or
 * "guaranteed": Razorpay holds the money, Paylock never does.
 */
export const milestoneStateLabels: Record<MilestoneMoneyState, string> = {
  pending: 'Awaiting payment',
  funded: 'Payment secured',
  submitted: 'Delivered, awaiting approval',
  changes_requested: 'Changes requested',
  approved: 'Approved, releasing',
  released: 'Released',
  settled: 'Paid out',
  disputed: 'In dispute',
  refunded: 'Refunded',
};

export const milestoneStateTones: Record<MilestoneMoneyState, StatusTone> = {
  pending: 'neutral',
  funded: 'info',
  submitted: 'info',
  changes_requested: 'warning',
  approved: 'success',
  released: 'success',
  settled: 'success',
  disputed: 'danger',
  refunded: 'neutral',
};
