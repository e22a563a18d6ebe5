import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import {
  cancellationCooldownSeconds,
  cancellationProposalsPerDay,
  CancellationCooldownError,
  sendsPerDay,
  sendsPerRecipientPerDay,
  TooManyCancellationProposalsError,
  TooManyDealsSentError,
  TooManyDealsToRecipientError,
} from '../domain/creator-limits.js';
import type { CancellationParty, Deal } from '../domain/deal.js';
import { CreatorLimitCounters } from './ports/creator-limit-counters.js';
import { DealSettings } from './ports/deal-settings.js';

/**
 * Counts what a creator makes Paylock mail (issue #36 L4), before it is mailed: a refusal is a
 * 429 with Retry-After, and spends no slot of the refused limit. Each counter's key names the
 * creator, so another creator (or a brand) can never spend it.
 */
@Injectable()
export class CreatorLimits {
  constructor(
    private readonly counters: CreatorLimitCounters,
    private readonly settings: DealSettings,
    private readonly clock: Clock,
  ) {}

  /**
   * One more deal sent by `creatorId` to `recipientEmail`. The per-recipient limit is counted
   * first: refused there, the day's sends are untouched.
   */
  async countSend(creatorId: string, recipientEmail: string): Promise<void> {
    const { limits } = this.settings;
    const toRecipient = await this.counters.hit(
      sendsPerRecipientPerDay(limits),
      `${creatorId}:${recipientEmail.toLowerCase()}`,
    );
    if (!toRecipient.allowed) throw new TooManyDealsToRecipientError(toRecipient.retryAfterSeconds);
    const sent = await this.counters.hit(sendsPerDay(limits), creatorId);
    if (!sent.allowed) throw new TooManyDealsSentError(sent.retryAfterSeconds);
  }

  /**
   * One more proposal to cancel `deal` by `by`: refused while its cool-down after withdrawing
   * runs, and the creator's proposals are counted per day.
   */
  async countCancellationProposal(deal: Deal, by: CancellationParty): Promise<void> {
    const { limits } = this.settings;
    const wait = cancellationCooldownSeconds(
      deal,
      by,
      limits.cancellationCooldownMinutes,
      this.clock.now(),
    );
    if (wait > 0) throw new CancellationCooldownError(wait);
    if (by !== 'creator') return;
    const proposed = await this.counters.hit(cancellationProposalsPerDay(limits), deal.creatorId);
    if (!proposed.allowed) throw new TooManyCancellationProposalsError(proposed.retryAfterSeconds);
  }
}
