import * as z from 'zod';
import type { MilestoneMoneyDto } from '../../api/generated/types.gen';
import type { MilestoneMoneyState } from '@/entities/milestone/milestone-state-badge';

/** One milestone with its money, as both the creator's deal and the brand's link show it. */
export type MoneyMilestone = Pick<
  MilestoneMoneyDto,
  | 'id'
  | 'name'
  | 'releaseCondition'
  | 'amountPaise'
  | 'dueDate'
  | 'fundedAt'
  | 'submission'
  | 'revisionsUsed'
  | 'approvalDueAt'
  | 'approvedAt'
  | 'releasedAt'
  | 'settledAt'
  | 'refundedAt'
  | 'dispute'
> & { state: MilestoneMoneyState };

/** What each party may do to a milestone in a state (the server checks every move again). */
export const creatorCanSubmit = (state: MilestoneMoneyState) =>
  state === 'funded' || state === 'changes_requested';
export const canDispute = (state: MilestoneMoneyState) =>
  state === 'funded' || state === 'submitted' || state === 'changes_requested';
export const brandCanReview = (state: MilestoneMoneyState) => state === 'submitted';
/** The side that did not open a dispute answers it, once, before Paylock decides. */
export const canAnswerDispute = (milestone: MoneyMilestone, side: 'creator' | 'brand') =>
  milestone.state === 'disputed' &&
  milestone.dispute !== null &&
  milestone.dispute.openedBy !== side &&
  milestone.dispute.answer === null &&
  milestone.dispute.resolution === null;

/** The milestone moves of a deal's history, in words. */
export const milestoneActionLabels: Record<string, string> = {
  fund: 'payment secured with Razorpay',
  submit: 'delivered',
  approve: 'approved',
  request_changes: 'changes requested',
  dispute: 'dispute opened',
  answer_dispute: 'dispute answered',
  resolve_release: 'dispute decided: release',
  resolve_refund: 'dispute decided: refund',
  release: 'released to the creator',
  settle: 'paid out to the bank',
  refund: 'refunded to the brand',
};

export const MONEY_LIMITS = { links: 10, link: 500, note: 2000 } as const;

export const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

const isHttpsLink = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/** The delivery: 1 to 10 https links (one a line) and an optional note, as the API takes them. */
export const submissionSchema = z.object({
  links: z.string().superRefine((text, context) => {
    const links = linesOf(text);
    if (links.length === 0) {
      context.addIssue({ code: 'custom', message: 'Add at least one link to the delivered work' });
      return;
    }
    if (links.length > MONEY_LIMITS.links) {
      context.addIssue({
        code: 'custom',
        message: `At most ${String(MONEY_LIMITS.links)} links`,
      });
      return;
    }
    const bad = links.findIndex((link) => link.length > MONEY_LIMITS.link || !isHttpsLink(link));
    if (bad >= 0) {
      context.addIssue({
        code: 'custom',
        message: `Link ${String(bad + 1)} must be a full https:// address of at most ${String(MONEY_LIMITS.link)} characters`,
      });
    }
  }),
  note: z
    .string()
    .trim()
    .refine(
      (text) => Array.from(text).length <= MONEY_LIMITS.note,
      `The note must be at most ${String(MONEY_LIMITS.note)} characters`,
    ),
});
