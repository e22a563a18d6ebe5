import type { BrandDecisionDto } from '@/api/generated/types.gen';
import { messageOf } from '@/lib/api-error';
import { notify } from '@/lib/notify';

/** The brand's recorded answer, as the outcome names it. */
export type BrandAnswer = 'accepted' | 'changes' | 'declined';
export type Decided = (decision: BrandDecisionDto, what: BrandAnswer) => void;
export const failed = (error: unknown) => {
  notify.error(messageOf(error, 'That did not work. Please try again.'));
};
