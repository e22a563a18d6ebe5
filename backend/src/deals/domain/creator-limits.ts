/**
 * The per-creator limits on the mail a creator makes Paylock send (issue #36 L4): deals sent a
 * day, deals sent to one brand contact a day, cancellation proposals a day, and a cool-down after a
 * party withdraws its proposal. Every limit counts one creator's own actions, so nobody else can
 * spend it. Plain TypeScript: the counting is the shared rate-limit store's (a port).
 */
import { describedError } from '../../common/domain/domain.error.js';
import type { RetryLater } from '../../common/domain/retry-later.js';
import type { CancellationParty, Deal } from './deal.js';

const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** A window of the shared store: `name` prefixes its counter's key; the subject follows it. */
export interface CreatorLimit {
  readonly name: string;
  readonly windowMs: number;
  readonly limit: number;
}

/** The limits' values (DEAL_SENDS_PER_DAY and the others, deals.settings.ts). */
export interface CreatorLimitValues {
  readonly sendsPerDay: number;
  readonly sendsPerRecipientPerDay: number;
  readonly cancellationProposalsPerDay: number;
  readonly cancellationCooldownMinutes: number;
}

export const DEFAULT_CREATOR_LIMITS: CreatorLimitValues = {
  sendsPerDay: 50,
  sendsPerRecipientPerDay: 5,
  cancellationProposalsPerDay: 10,
  cancellationCooldownMinutes: 60,
};

export function sendsPerDay(values: CreatorLimitValues): CreatorLimit {
  return { name: 'deal-sends-day', windowMs: DAY_MS, limit: values.sendsPerDay };
}

export function sendsPerRecipientPerDay(values: CreatorLimitValues): CreatorLimit {
  return {
    name: 'deal-sends-recipient-day',
    windowMs: DAY_MS,
    limit: values.sendsPerRecipientPerDay,
  };
}

export function cancellationProposalsPerDay(values: CreatorLimitValues): CreatorLimit {
  return {
    name: 'deal-cancellation-proposals-day',
    windowMs: DAY_MS,
    limit: values.cancellationProposalsPerDay,
  };
}

/**
 * Whole seconds `by` must still wait before proposing again on `deal`, after withdrawing its own
 * proposal (0: none). Read from the deal's history, so it holds on every instance.
 */
export function cancellationCooldownSeconds(
  deal: Pick<Deal, 'history'>,
  by: CancellationParty,
  cooldownMinutes: number,
  now: Date,
): number {
  const withdrawal = deal.history.findLast(
    ({ cancellation }) => cancellation?.action === 'withdraw' && cancellation.proposedBy === by,
  );
  if (!withdrawal) return 0;
  const endsAt = withdrawal.at.getTime() + cooldownMinutes * MINUTE_MS;
  return Math.max(0, Math.ceil((endsAt - now.getTime()) / 1000));
}

/** The creator sent as many deals today as DEAL_SENDS_PER_DAY allows. */
export class TooManyDealsSentError
  extends describedError(
    'TOO_MANY_DEALS_SENT',
    'You have sent as many deals as Paylock allows in a day. Please try again later.',
  )
  implements RetryLater
{
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

/** The creator sent this brand contact as many deals today as DEAL_SENDS_PER_RECIPIENT_PER_DAY allows. */
export class TooManyDealsToRecipientError
  extends describedError(
    'TOO_MANY_DEALS_TO_RECIPIENT',
    'You have sent this brand contact as many deals as Paylock allows in a day. Please try again later.',
  )
  implements RetryLater
{
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

/** The creator proposed as many cancellations today as DEAL_CANCELLATION_PROPOSALS_PER_DAY allows. */
export class TooManyCancellationProposalsError
  extends describedError(
    'TOO_MANY_CANCELLATION_PROPOSALS',
    'You have proposed as many cancellations as Paylock allows in a day. Please try again later.',
  )
  implements RetryLater
{
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

/** The party withdrew its proposal less than DEAL_CANCELLATION_COOLDOWN_MINUTES ago. */
export class CancellationCooldownError
  extends describedError(
    'CANCELLATION_COOLDOWN',
    'You withdrew a proposal to cancel this deal a short while ago. Please wait before proposing again.',
  )
  implements RetryLater
{
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}
