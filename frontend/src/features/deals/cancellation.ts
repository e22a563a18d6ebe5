import * as z from 'zod';
import type { MilestoneMoneyDto } from '../../api/generated/types.gen';
import { formatMoney } from '../../utils/format-money';

/** Cancelling an accepted deal by agreement (contract clause 7), as both parties' pages show it. */
export type CancellationViewer = 'creator' | 'brand';

export const CANCELLATION_REASON_LIMITS = { min: 3, max: 500 } as const;

/** Control characters other than line breaks and tabs, and invisible ones (the server's rule). */
const CONTROL =
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/;

export const cancellationSchema = z.object({
  reason: z
    .string()
    .trim()
    .refine(
      (text) => Array.from(text).length >= CANCELLATION_REASON_LIMITS.min,
      `Say why, in at least ${String(CANCELLATION_REASON_LIMITS.min)} characters`,
    )
    .refine(
      (text) => Array.from(text).length <= CANCELLATION_REASON_LIMITS.max,
      `The reason must be at most ${String(CANCELLATION_REASON_LIMITS.max)} characters`,
    )
    .refine((text) => !CONTROL.test(text), 'Remove control or invisible characters'),
});

/** Milestones whose work is delivered or contested: decided before the deal can be cancelled. */
const IN_REVIEW: readonly string[] = ['submitted', 'changes_requested', 'disputed'];

/** Why a cancellation cannot be proposed now, in words; undefined when it can. */
export function proposalBlockedBecause(
  milestones: readonly Pick<MilestoneMoneyDto, 'state' | 'name'>[],
): string | undefined {
  const inReview = milestones.find(({ state }) => IN_REVIEW.includes(state));
  if (!inReview) return undefined;
  const why = {
    submitted: 'is delivered and waiting for the brand’s answer',
    changes_requested: 'was sent back for changes',
    disputed: 'is disputed',
  }[inReview.state as 'submitted' | 'changes_requested' | 'disputed'];
  return `“${inReview.name}” ${why}: it must be decided before the deal can be cancelled.`;
}

/** What agreeing would do to the money, for these milestones, in words. */
export function cancellationConsequences(
  milestones: readonly Pick<MilestoneMoneyDto, 'state' | 'amountPaise'>[],
): string {
  const sum = (states: readonly string[]) =>
    milestones
      .filter(({ state }) => states.includes(state))
      .reduce((total, { amountPaise }) => total + amountPaise, 0);
  const funded = sum(['funded']);
  const approved = sum(['approved', 'released', 'settled']);
  const parts = [
    funded > 0
      ? `${formatMoney(funded)} of funded milestones is refunded to the brand`
      : 'no funded milestone needs a refund',
    approved > 0
      ? `${formatMoney(approved)} of approved milestones is still paid to the creator`
      : 'nothing approved is waiting to be paid',
  ];
  return `If both agree, the deal is cancelled: ${parts.join('; ')}. Milestones not yet funded are never charged.`;
}

export const proposerLabel = (by: CancellationViewer, viewer: CancellationViewer) =>
  by === viewer ? 'You' : by === 'creator' ? 'The creator' : 'The brand';
