import type { DealState, MilestoneState } from '@/api/generated/types.gen';
import { milestoneStateLabels } from '@/entities/milestone/milestone-states';

/** Who moves a deal or milestone on from a state. */
export type NextActor = 'creator' | 'brand' | 'paylock' | 'nobody';

export const nextActorLabels: Record<NextActor, string> = {
  creator: 'The creator',
  brand: 'The brand',
  paylock: 'Paylock',
  nobody: 'No one: this is final',
};

/** One state on the help page: its name, what it means, who acts next and what to do. */
export interface HelpEntry {
  readonly title: string;
  readonly meaning: string;
  readonly next: NextActor;
  readonly whatToDo: string;
}

/*
 * Why these are Records keyed by the generated API types: DealState and MilestoneState are
 * generated from openapi.yaml, which the server exports from its own state tables
 * (backend/src/deals/domain: DEAL_STATES, MILESTONE_STATES). A state added there reaches these
 * types with `npm run openapi`, and then this file no longer compiles until the state has its help
 * text; a state removed there fails the same way. The help page's test also compares the keys with
 * openapi.yaml's enums, so even an unchecked build cannot ship a help page that drifted.
 */
export const dealStateHelp: Record<DealState, HelpEntry> = {
  draft: {
    title: 'Draft',
    meaning: 'The creator is still writing the deal; the brand has not seen it.',
    next: 'creator',
    whatToDo: 'Creators: finish the terms and milestones, then send the deal to the brand.',
  },
  sent: {
    title: 'Awaiting brand',
    meaning: 'The deal was sent to the brand, who can accept it, decline it or ask for changes.',
    next: 'brand',
    whatToDo:
      'Brands: open the link in the e-mail (or the deal in your workspace) and answer before it expires. Creators: wait, or remind the brand.',
  },
  changes_requested: {
    title: 'Changes requested',
    meaning: 'The brand asked the creator to change the terms before accepting.',
    next: 'creator',
    whatToDo: 'Creators: read the brand’s note, revise the deal and send it again.',
  },
  accepted: {
    title: 'Active',
    meaning: 'Both sides agreed: the milestones are now funded, delivered and paid one by one.',
    next: 'brand',
    whatToDo:
      'Brands: fund the next milestone. Creators: deliver each funded milestone. The milestone states below say who acts.',
  },
  declined: {
    title: 'Declined',
    meaning: 'The brand declined the deal. No money moved.',
    next: 'nobody',
    whatToDo: 'Creators: start a new deal if you agree on different terms.',
  },
  expired: {
    title: 'Expired',
    meaning: 'The brand did not answer before the offer’s deadline. No money moved.',
    next: 'nobody',
    whatToDo: 'Creators: send a new deal if the brand is still interested.',
  },
  cancelled: {
    title: 'Cancelled',
    meaning:
      'The deal was cancelled. Milestones already paid out stay paid; money still held is refunded to the brand.',
    next: 'nobody',
    whatToDo:
      'Check each milestone’s state for where its money went. Write to support if it looks wrong.',
  },
  completed: {
    title: 'Completed',
    meaning: 'Every milestone was paid out or refunded: the deal is done.',
    next: 'nobody',
    whatToDo: 'Nothing to do. Invoices and statements stay available in your account.',
  },
};

export const milestoneStateHelp: Record<MilestoneState, HelpEntry> = {
  pending: {
    title: milestoneStateLabels.pending,
    meaning: 'The milestone is agreed but not yet paid for.',
    next: 'brand',
    whatToDo:
      'Brands: pay for it with Razorpay. Creators: do not start the work until it is secured.',
  },
  funded: {
    title: milestoneStateLabels.funded,
    meaning: 'The brand paid; Razorpay holds the money for the creator until the work is approved.',
    next: 'creator',
    whatToDo: 'Creators: do the work and submit the deliverable.',
  },
  submitted: {
    title: milestoneStateLabels.submitted,
    meaning: 'The creator delivered the work; the brand reviews it.',
    next: 'brand',
    whatToDo:
      'Brands: approve it, ask for changes, or open a dispute if it is not what was agreed.',
  },
  changes_requested: {
    title: milestoneStateLabels.changes_requested,
    meaning: 'The brand asked for changes to the delivered work.',
    next: 'creator',
    whatToDo: 'Creators: make the changes the brand described and submit again.',
  },
  approved: {
    title: milestoneStateLabels.approved,
    meaning: 'The brand approved the work; Paylock is asking Razorpay to release the money.',
    next: 'paylock',
    whatToDo: 'Nothing to do: the release happens on its own, usually within minutes.',
  },
  released: {
    title: milestoneStateLabels.released,
    meaning:
      'Razorpay released the money to the creator’s account; the bank transfer is under way.',
    next: 'paylock',
    whatToDo: 'Nothing to do: it shows as paid out when the bank settles it.',
  },
  settled: {
    title: milestoneStateLabels.settled,
    meaning: 'The money reached the creator’s bank account.',
    next: 'nobody',
    whatToDo: 'Nothing to do. The invoice for it is in the creator’s invoices.',
  },
  disputed: {
    title: milestoneStateLabels.disputed,
    meaning: 'One side disputed the milestone; the money stays held while Paylock decides.',
    next: 'paylock',
    whatToDo:
      'Both sides: add what supports your side to the dispute. Paylock releases the money to the creator or refunds the brand.',
  },
  refunded: {
    title: milestoneStateLabels.refunded,
    meaning:
      'The money went back to the brand (a dispute decided for the brand, or a cancellation).',
    next: 'nobody',
    whatToDo: 'Nothing to do. Write to support if you think this is wrong.',
  },
};
