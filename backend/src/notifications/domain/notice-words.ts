import { formatRupees } from '../../deals/deals.contract.js';
import type { Audience, NotificationKind } from './notification.js';
import { istDateTime } from './quiet-hours.js';

/** What a notice is about, for its words. */
export interface NoticeFacts {
  readonly dealTitle: string;
  readonly brandName: string;
  readonly milestoneName: string;
  readonly amountPaise: number;
  /** When the approval window ends (work submitted, approval reminders). */
  readonly approvalDueAt: Date | null;
  /** The milestone's due day (YYYY-MM-DD). */
  readonly dueDate: string;
  /** When the notice is about (an escalation's due time): how long the money has waited. */
  readonly at?: Date;
  /** When the brand accepted the deal (funding waits since then, or since the last release). */
  readonly acceptedAt?: Date | null;
  /** When the work was submitted (an approval window that ran out: how long it waited). */
  readonly submittedAt?: Date | null;
  /**
   * Who acted (a cancellation's proposer or the party that agreed; a dispute's answerer; an
   * invoice's creator), and for a party of the deal, which side it is.
   */
  readonly partyName?: string;
  readonly actingSide?: 'creator' | 'brand';
  /** A person's own words: a cancellation's reason, an admin's nudge. */
  readonly note?: string;
  /** An invoice's number. */
  readonly invoiceNumber?: string;
}

/** A notice's words: a title (the e-mail's subject), one or two sentences, one action. */
export interface NoticeWords {
  readonly title: string;
  readonly body: string;
  readonly actionLabel: string;
}

type Words = (facts: NoticeFacts, amount: string) => NoticeWords;

const REVIEW = 'Review the work';
const OPEN_DEAL = 'Open the deal';
const FUND = 'Fund the milestone';

const OPEN_ESCALATIONS = 'Open the waiting list';

/** ", 9 days after acceptance" (whole days waited), or nothing when unknown. */
function waited(since: Date | null, at: Date | undefined): string {
  if (since === null || at === undefined) return '';
  const days = Math.floor((at.getTime() - since.getTime()) / 86_400_000);
  return `, ${String(days)} ${days === 1 ? 'day' : 'days'} after acceptance`;
}

/** "9 days" (whole days, at least one) between two moments, or "some days" when unknown. */
function daysBetween(from: Date | null | undefined, to: Date | undefined): string {
  if (!from || !to) return 'some days';
  const days = Math.max(1, Math.floor((to.getTime() - from.getTime()) / 86_400_000));
  return `${String(days)} ${days === 1 ? 'day' : 'days'}`;
}

const CANCELLATION_MONEY =
  'Funded milestones not yet released are refunded to the brand; released money stays with the creator.';

const when = (at: Date | null) =>
  at === null ? 'when the approval window ends' : `on ${istDateTime(at)}`;

/** The words per kind and audience; a pair missing here is not sent to that audience. */
const WORDS: Readonly<Record<NotificationKind, Partial<Record<Audience, Words>>>> = {
  deal_accepted: {
    creator: (f) => ({
      title: `${f.brandName} accepted "${f.dealTitle}"`,
      body: `The contract is signed. ${f.brandName} funds each milestone before you start; we will tell you when "${f.milestoneName}" is funded.`,
      actionLabel: OPEN_DEAL,
    }),
  },
  funding_due: {
    brand: (f, amount) => ({
      title: `Fund "${f.milestoneName}" (${amount})`,
      body: `"${f.dealTitle}": the creator starts once ${amount} for "${f.milestoneName}" is funded. Paylock holds it until you approve the work.`,
      actionLabel: FUND,
    }),
  },
  milestone_funded: {
    creator: (f, amount) => ({
      title: `Funded: you can start "${f.milestoneName}"`,
      body: `${f.brandName} funded ${amount} for "${f.milestoneName}" of "${f.dealTitle}". It is held for you until the work is approved.`,
      actionLabel: OPEN_DEAL,
    }),
  },
  work_submitted: {
    brand: (f, amount) => ({
      title: `Work submitted: review "${f.milestoneName}"`,
      body: `The work for "${f.milestoneName}" of "${f.dealTitle}" is ready. Approve it or ask for changes; it approves itself ${when(f.approvalDueAt)} and ${amount} is released.`,
      actionLabel: REVIEW,
    }),
  },
  changes_requested: {
    creator: (f) => ({
      title: `Changes asked on "${f.milestoneName}"`,
      body: `${f.brandName} asked for changes to "${f.milestoneName}" of "${f.dealTitle}". Resubmit when ready.`,
      actionLabel: OPEN_DEAL,
    }),
  },
  approved: {
    creator: (f, amount) => ({
      title: `Approved: "${f.milestoneName}"`,
      body: `${f.brandName} approved "${f.milestoneName}". ${amount} is being released to you.`,
      actionLabel: OPEN_DEAL,
    }),
    brand: (f, amount) => ({
      title: `You approved "${f.milestoneName}"`,
      body: `${amount} for "${f.milestoneName}" of "${f.dealTitle}" is being released to the creator.`,
      actionLabel: OPEN_DEAL,
    }),
  },
  auto_approved: {
    creator: (f, amount) => ({
      title: `Approved automatically: "${f.milestoneName}"`,
      body: `The approval window ended, so "${f.milestoneName}" was approved. ${amount} is being released to you.`,
      actionLabel: OPEN_DEAL,
    }),
    brand: (f, amount) => ({
      title: `Approved automatically: "${f.milestoneName}"`,
      body: `The approval window for "${f.milestoneName}" of "${f.dealTitle}" ended; ${amount} is being released to the creator.`,
      actionLabel: OPEN_DEAL,
    }),
  },
  released: {
    creator: (f, amount) => ({
      title: `Released: ${amount} for "${f.milestoneName}"`,
      body: `${amount} for "${f.milestoneName}" of "${f.dealTitle}" is released and on its way to your bank.`,
      actionLabel: OPEN_DEAL,
    }),
    brand: (f, amount) => ({
      title: `Released: ${amount} for "${f.milestoneName}"`,
      body: `${amount} for "${f.milestoneName}" of "${f.dealTitle}" was released to the creator.`,
      actionLabel: OPEN_DEAL,
    }),
  },
  settled: {
    creator: (f, amount) => ({
      title: `In your bank: ${amount}`,
      body: `${amount} for "${f.milestoneName}" of "${f.dealTitle}" was settled to your bank account.`,
      actionLabel: OPEN_DEAL,
    }),
  },
  dispute_opened: {
    creator: (f) => disputeOpened(f),
    brand: (f) => disputeOpened(f),
    admins: (f) => ({ ...disputeOpened(f), actionLabel: 'Open the dispute' }),
  },
  dispute_answered: {
    creator: (f) => disputeAnswered(f, f.actingSide === 'creator'),
    brand: (f) => disputeAnswered(f, f.actingSide === 'brand'),
    admins: (f) => ({ ...disputeAnswered(f, false), actionLabel: 'Open the dispute' }),
  },
  dispute_decided: {
    creator: (f) => disputeDecided(f),
    brand: (f) => disputeDecided(f),
    admins: (f) => disputeDecided(f),
  },
  refunded: {
    brand: (f, amount) => ({
      title: `Refunded: ${amount}`,
      body: `${amount} for "${f.milestoneName}" of "${f.dealTitle}" was refunded to you.`,
      actionLabel: OPEN_DEAL,
    }),
  },
  funding_reminder: {
    brand: (f, amount) => ({
      title: `Reminder: fund "${f.milestoneName}" (${amount})`,
      body: `"${f.dealTitle}" is waiting for ${amount} for "${f.milestoneName}" (due ${f.dueDate}). The creator starts once it is funded.`,
      actionLabel: FUND,
    }),
  },
  approval_reminder: {
    brand: (f, amount) => ({
      title: `Reminder: review "${f.milestoneName}"`,
      body: `"${f.milestoneName}" of "${f.dealTitle}" approves itself ${when(f.approvalDueAt)} and ${amount} is released. Review it before then.`,
      actionLabel: REVIEW,
    }),
  },
  funding_overdue: {
    admins: (f, amount) => ({
      title: `Waiting on ${f.brandName}: fund "${f.milestoneName}" (${amount})`,
      body: `"${f.milestoneName}" of "${f.dealTitle}" is still not funded${waited(f.acceptedAt ?? null, f.at)}. Nudge the brand.`,
      actionLabel: OPEN_ESCALATIONS,
    }),
  },
  approval_overdue: {
    admins: (f, amount) => ({
      title: `Stuck: "${f.milestoneName}" not approved after its window`,
      body: `The approval window of "${f.milestoneName}" of "${f.dealTitle}" ended ${when(f.approvalDueAt)}; ${amount} is neither approved nor released. Check the payments worker.`,
      actionLabel: OPEN_ESCALATIONS,
    }),
  },
  release_overdue: {
    admins: (f, amount) => ({
      title: `Stuck: ${amount} for "${f.milestoneName}" approved, not released`,
      body: `"${f.milestoneName}" of "${f.dealTitle}" (${f.brandName}) was approved but its money is still held. Check the payments worker and the gateway.`,
      actionLabel: OPEN_ESCALATIONS,
    }),
  },
  auto_approved_twice: {
    admins: (f, amount) => ({
      title: `Waiting on ${f.brandName}: two approval windows ran out`,
      body: `${f.brandName} let the approval window of "${f.milestoneName}" of "${f.dealTitle}" run out (${daysBetween(f.submittedAt, f.at)} after the work was submitted; ${amount} approved automatically), the second time on this deal. Nudge the brand.`,
      actionLabel: OPEN_ESCALATIONS,
    }),
  },
  admin_nudge: {
    brand: (f) => ({
      title: `A note from Paylock about "${f.dealTitle}"`,
      body: `${f.note ?? ''} ("${f.milestoneName}" of "${f.dealTitle}")`,
      actionLabel: OPEN_DEAL,
    }),
  },
  cancellation_proposed: {
    creator: (f) => cancellationProposed(f, f.partyName ?? f.brandName),
    brand: (f) => cancellationProposed(f, f.partyName ?? 'The creator'),
  },
  cancellation_agreed: {
    creator: (f, amount) => cancellationAgreed(f, f.partyName ?? f.brandName, amount),
    brand: (f, amount) => cancellationAgreed(f, f.partyName ?? 'The creator', amount),
  },
  invoice_issued: {
    brand: (f, amount) => ({
      title: `Invoice ${f.invoiceNumber ?? ''} from ${f.partyName ?? 'the creator'}`,
      body: `${f.partyName ?? 'The creator'} issued invoice ${f.invoiceNumber ?? ''} for "${f.milestoneName}" of "${f.dealTitle}", for ${amount}; the PDF is attached to the e-mail. If you deduct TDS, record it against the invoice from your review link.`,
      actionLabel: OPEN_DEAL,
    }),
  },
  resubmit_reminder: {
    creator: (f) => ({
      title: `Reminder: resubmit "${f.milestoneName}"`,
      body: `${f.brandName} is waiting for your changes to "${f.milestoneName}" of "${f.dealTitle}".`,
      actionLabel: OPEN_DEAL,
    }),
  },
  // The media kit words its own notice (InAppNotices).
  package_requested: {},
  // Worded by AccountNotices' caller (support), not from a deal's facts.
  support_answered: {},
  // Worded by AccountNotices' caller (the data export's worker).
  data_export_ready: {},
};

function cancellationProposed(f: NoticeFacts, proposer: string): NoticeWords {
  return {
    title: `${proposer} proposes to cancel: ${f.dealTitle}`,
    body: `${proposer} proposes to cancel "${f.dealTitle}". Their reason: ${f.note ?? '—'}. The deal is cancelled only if you agree. ${CANCELLATION_MONEY} You can also decline, and the deal goes on.`,
    actionLabel: 'Answer the proposal',
  };
}

function cancellationAgreed(f: NoticeFacts, agreedBy: string, refunded: string): NoticeWords {
  return {
    title: `Cancelled: ${f.dealTitle}`,
    body: `${agreedBy} agreed to cancel "${f.dealTitle}": the deal is cancelled. ${CANCELLATION_MONEY} Refunded to the brand: ${refunded}.`,
    actionLabel: OPEN_DEAL,
  };
}

function disputeOpened(f: NoticeFacts): NoticeWords {
  return {
    title: `Dispute opened: "${f.milestoneName}"`,
    body: `A dispute was opened on "${f.milestoneName}" of "${f.dealTitle}". Its money is frozen until Paylock decides.`,
    actionLabel: OPEN_DEAL,
  };
}

/** The other side answered the dispute; `own`: the words for the side that answered. */
function disputeAnswered(f: NoticeFacts, own: boolean): NoticeWords {
  if (own) {
    return {
      title: `You answered the dispute on "${f.milestoneName}"`,
      body: `Paylock has your answer beside the reason. The money for "${f.milestoneName}" of "${f.dealTitle}" stays frozen until Paylock decides.`,
      actionLabel: OPEN_DEAL,
    };
  }
  return {
    title: `Dispute answered: "${f.milestoneName}"`,
    body: `${f.partyName ?? 'The other side'} answered the dispute on "${f.milestoneName}" of "${f.dealTitle}". The money stays frozen until Paylock decides.`,
    actionLabel: OPEN_DEAL,
  };
}

function disputeDecided(f: NoticeFacts): NoticeWords {
  return {
    title: `Dispute decided: "${f.milestoneName}"`,
    body: `Paylock decided the dispute on "${f.milestoneName}" of "${f.dealTitle}". Open the deal to see the decision.`,
    actionLabel: OPEN_DEAL,
  };
}

/** The words of `kind` for `audience`, or undefined when that audience is not told. */
export function noticeWords(
  kind: NotificationKind,
  audience: Audience,
  facts: NoticeFacts,
): NoticeWords | undefined {
  return WORDS[kind][audience]?.(facts, formatRupees(facts.amountPaise));
}
