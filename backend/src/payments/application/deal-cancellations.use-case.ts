import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import {
  agreeCancellation,
  BrandMoneyLinks,
  type CancellationParty,
  CreatorLimits,
  type Deal,
  DealChangedConcurrentlyError,
  DealNotFoundError,
  DealMoves,
  dealUrlOf,
  declineCancellation,
  formatRupees,
  openCancellation,
  proposeCancellation,
  reviewUrlOf,
  UserDirectory,
  withdrawCancellation,
} from '../../deals/deals.contract.js';
import { Outbox } from '../../mail/mail.contract.js';
import { intentIds } from '../domain/money-keys.js';
import { refOf } from '../domain/money-transactions.js';
import { MoneyEngine } from './money-engine.js';
import { MilestoneActions } from './milestone-actions.use-case.js';
import { type PaymentIntent, PaymentIntents } from './ports/payment-intents.js';
import { PaymentsSettings } from './ports/payments-settings.js';

/** How often agreeing re-reads the deal after losing its claim to an unrelated change. */
const CLAIM_ATTEMPTS = 8;

/** Where the brand's mail goes: the address the deal was accepted with, else its contact's. */
function brandAddressOf(deal: Deal): string {
  return deal.brandParty?.channel === 'email' ? deal.brandParty.email : deal.brand.contactEmail;
}

/** A time as India reads it, for a mail ("27 Nov 2026, 3:20 pm IST"). */
function indianDateTimeOf(at: Date): string {
  const text = new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(at);
  return `${text} IST`;
}

/** Who acts: the creator (their account) or the brand (the review link's token). */
export type CancellationCaller =
  | { readonly party: 'creator'; readonly creatorId: string; readonly dealId: string }
  | { readonly party: 'brand'; readonly token: string };

/**
 * Cancelling an accepted deal by agreement (contract clause 7, ADR 0058): either party proposes
 * with a reason, the proposer may withdraw, the other party agrees or declines. Every move is a
 * claim-once write of the deal (its history keeps it); of two racing moves exactly one wins and
 * the other answers DEAL_CHANGED_CONCURRENTLY.
 *
 * Agreeing moves money, so it lives here beside the intent log: the refund intents of the funded
 * milestones are written first (write-ahead), then the cancellation is claimed, then the refunds
 * are driven (the worker finishes any the process did not). A refund intent whose cancellation
 * lost its race does nothing (the lifecycle's refund needs a cancelled deal or a decided refund).
 * Approved milestones stay payable: their release goes on as before.
 */
@Injectable()
export class DealCancellations {
  private readonly logger = new Logger(DealCancellations.name);

  constructor(
    private readonly deals: DealMoves,
    private readonly actions: MilestoneActions,
    private readonly engine: MoneyEngine,
    private readonly intents: PaymentIntents,
    private readonly moneyLinks: BrandMoneyLinks,
    private readonly outbox: Outbox,
    private readonly users: UserDirectory,
    private readonly settings: PaymentsSettings,
    private readonly clock: Clock,
    /** The proposals' cool-down and daily limit (#36). */
    private readonly limits: CreatorLimits,
  ) {}

  /**
   * The caller's deal: the creator's own (else not found), or the one behind the brand's link
   * (only a live link of the party that accepted); and the caller as the history names it.
   */
  private async dealOf(caller: CancellationCaller): Promise<{ deal: Deal; actor: string }> {
    if (caller.party === 'brand') return this.actions.brandGrant(caller.token);
    const deal = await this.deals.findOwned(caller.dealId, caller.creatorId);
    if (!deal) throw new DealNotFoundError();
    return { deal, actor: caller.creatorId };
  }

  /** Writes `next` over `deal` claim-once, or DEAL_CHANGED_CONCURRENTLY. */
  private async claim(deal: Deal, next: Deal): Promise<Deal> {
    if (!(await this.deals.claim(deal, next))) throw new DealChangedConcurrentlyError();
    return next;
  }

  async propose(caller: CancellationCaller, reason: unknown): Promise<Deal> {
    const { deal, actor } = await this.dealOf(caller);
    const next = proposeCancellation(deal, caller.party, actor, this.clock.now(), reason);
    await this.limits.countCancellationProposal(deal, caller.party);
    const proposed = await this.claim(deal, next);
    await this.notifyProposed(proposed);
    return proposed;
  }

  async withdraw(caller: CancellationCaller): Promise<Deal> {
    const { deal, actor } = await this.dealOf(caller);
    const next = withdrawCancellation(deal, caller.party, actor, this.clock.now());
    return this.claim(deal, next);
  }

  async decline(caller: CancellationCaller): Promise<Deal> {
    const { deal, actor } = await this.dealOf(caller);
    const next = declineCancellation(deal, caller.party, actor, this.clock.now());
    return this.claim(deal, next);
  }

  /**
   * The other party agrees: refund intents for every funded milestone first, then the claim.
   * A claim lost to an unrelated change (a milestone funded or released meanwhile) is tried again
   * on the new revision while the same proposal is still open; lost to another answer (a second
   * agree, a withdrawal), it answers DEAL_CHANGED_CONCURRENTLY.
   */
  async agree(caller: CancellationCaller): Promise<Deal> {
    const caught = await this.dealOf(caller);
    let deal = caught.deal;
    const proposal = openCancellation(deal);
    for (let attempt = 1; ; attempt += 1) {
      const at = this.clock.now();
      const next = agreeCancellation(deal, caller.party, caught.actor, at);
      const refunds = await this.openRefunds(deal);
      if (await this.deals.claim(deal, next)) {
        await this.driveRefunds(refunds);
        await this.notifyAgreed(next, caller.party);
        return (await this.deals.findById(deal.id)) ?? next;
      }
      const now = await this.deals.findById(deal.id);
      const still = now ? openCancellation(now) : null;
      const same =
        now?.state === 'accepted' &&
        still !== null &&
        proposal !== null &&
        still.at.getTime() === proposal.at.getTime() &&
        still.by === proposal.by;
      if (!now || !same || attempt >= CLAIM_ATTEMPTS) throw new DealChangedConcurrentlyError();
      deal = now;
    }
  }

  /** The write-ahead refund intents of `deal`'s funded milestones, keyed by the proposal. */
  private async openRefunds(deal: Deal): Promise<PaymentIntent[]> {
    const proposal = openCancellation(deal);
    if (!proposal) return [];
    const now = this.clock.now();
    const opened: PaymentIntent[] = [];
    for (const milestone of deal.milestones) {
      if (milestone.state !== 'funded') continue;
      opened.push(
        await this.intents.open({
          id: intentIds.cancellationRefund(deal.id, milestone.id, proposal.at),
          kind: 'refund',
          ...refOf(deal, milestone),
          createdAt: now,
          nextAttemptAt: now,
        }),
      );
    }
    return opened;
  }

  /** Refunds now where the gateway answers; the worker retries the rest with the same keys. */
  private async driveRefunds(refunds: readonly PaymentIntent[]): Promise<void> {
    for (const intent of refunds) {
      const current = (await this.intents.find(intent.id)) ?? intent;
      await this.engine.runIntent(current);
    }
  }

  /**
   * The brand's way back to the deal: for a deal accepted from a brand workspace, the workspace
   * (its money is reached by signing in). For one accepted by e-mail, the money link it already
   * has while that still works (no new token: the mail says until when), else a new one for the
   * accepting address.
   */
  private async brandWay(deal: Deal): Promise<{ url: string; linkWorksUntil?: string }> {
    const party = deal.brandParty ?? { channel: 'email', email: deal.brand.contactEmail };
    if (party.channel === 'account') return { url: `${this.settings.publicUrl}/brand/deals` };
    const liveUntil = await this.moneyLinks.mailedLinkLiveUntil(deal, party.email);
    if (liveUntil) {
      return {
        url: `${this.settings.publicUrl}/deal-review`,
        linkWorksUntil: indianDateTimeOf(liveUntil),
      };
    }
    const { token } = await this.moneyLinks.issueMailed(deal, party.email);
    return { url: reviewUrlOf(this.settings.publicUrl, token) };
  }

  /** Mails `party` of `deal` (the creator's account, or the brand contact). */
  private async recipientOf(deal: Deal, party: CancellationParty) {
    if (party === 'brand') {
      const way = await this.brandWay(deal);
      return {
        to: { email: brandAddressOf(deal), name: deal.brand.contactName },
        url: way.url,
        ...(way.linkWorksUntil !== undefined && { linkWorksUntil: way.linkWorksUntil }),
      };
    }
    const creator = await this.users.find(deal.creatorId);
    return creator
      ? {
          to: { email: creator.email, name: creator.name },
          url: dealUrlOf(this.settings.publicUrl, deal.id),
        }
      : undefined;
  }

  private async nameOf(deal: Deal, party: CancellationParty): Promise<string> {
    if (party === 'brand') return deal.brand.companyName;
    return (await this.users.find(deal.creatorId))?.name ?? 'The creator';
  }

  private async notifyProposed(deal: Deal): Promise<void> {
    const proposal = openCancellation(deal);
    if (!proposal) return;
    const other = proposal.by === 'creator' ? 'brand' : 'creator';
    try {
      const recipient = await this.recipientOf(deal, other);
      if (!recipient) return;
      await this.outbox.enqueue({
        key: `deal-cancellation-proposed:${deal.id}:${String(proposal.at.getTime())}`,
        kind: 'deal-cancellation-proposed',
        to: recipient.to,
        data: {
          proposerName: await this.nameOf(deal, proposal.by),
          dealTitle: deal.title,
          reason: proposal.reason,
          dealUrl: recipient.url,
          ...('linkWorksUntil' in recipient && { linkWorksUntil: recipient.linkWorksUntil }),
        },
      });
    } catch (error) {
      // The proposal stands (it is recorded and shown on both pages).
      this.logger.error({ err: error, dealId: deal.id }, 'Could not queue the proposal e-mail');
    }
  }

  private async notifyAgreed(deal: Deal, agreedBy: CancellationParty): Promise<void> {
    const proposer = agreedBy === 'creator' ? 'brand' : 'creator';
    const refunded = deal.milestones
      .filter(({ state }) => state === 'funded' || state === 'refunded')
      .reduce((sum, { amountPaise }) => sum + amountPaise, 0);
    try {
      const recipient = await this.recipientOf(deal, proposer);
      if (!recipient) return;
      await this.outbox.enqueue({
        key: `deal-cancellation-agreed:${deal.id}`,
        kind: 'deal-cancellation-agreed',
        to: recipient.to,
        data: {
          agreedBy: await this.nameOf(deal, agreedBy),
          dealTitle: deal.title,
          refunded: formatRupees(refunded),
          dealUrl: recipient.url,
          ...('linkWorksUntil' in recipient && { linkWorksUntil: recipient.linkWorksUntil }),
        },
      });
    } catch (error) {
      this.logger.error({ err: error, dealId: deal.id }, 'Could not queue the cancellation e-mail');
    }
  }
}
