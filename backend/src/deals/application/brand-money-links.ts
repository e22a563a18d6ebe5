import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import {
  actorOf,
  type DealBrandParty,
  dealIdOfSubject,
  type LinkChannel,
  parseReviewSubject,
  type ReviewSubject,
  reviewSubjectOf,
  speaksFor,
} from '../domain/brand-party.js';
import { boundPartyOf, type Deal, wasAccepted } from '../domain/deal.js';
import {
  DealLinkInvalidError,
  DealMoneyLinkExpiredError,
  NotTheDealsBrandError,
} from '../domain/deal.errors.js';
import { DealRepository } from './ports/deal.repository.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** How long a money link mailed to the accepting address works (a fresh one is a request away). */
export const MAILED_MONEY_LINK_DAYS = 30;
/** How long a link minted in the brand workspace works: it is used at once. */
export const WORKSPACE_LINK_MINUTES = 60;

/** An accepted deal's money, opened by a link of the party that accepted it. */
export interface BrandMoneyGrant {
  readonly deal: Deal;
  readonly party: DealBrandParty;
  /** The history's name for the party: `email:<address>` or `brand:<accountId>`. */
  readonly actor: string;
}

/** A link just issued: the token (the only copy) and when it stops working. */
export interface IssuedDealLink {
  readonly token: string;
  readonly expiresAt: Date;
}

/** A deal-review token, read: the deal it names (if it exists) and the channel it went through. */
export interface ReadDealLink {
  readonly status: 'valid' | 'expired';
  readonly deal: Deal;
  readonly subject: ReviewSubject;
}

/** Whether the brand's money view is open on `deal`: accepted, completed, or cancelled after. */
function moneyIsOpen(deal: Deal): boolean {
  return (
    deal.state === 'accepted' ||
    deal.state === 'completed' ||
    (deal.state === 'cancelled' && wasAccepted(deal))
  );
}

/**
 * The one rule for a brand's token on an accepted deal's money (milestones, cancellation,
 * invoices; ADR 0061): the token must be one of the deal's current version, issued through the
 * channel of the party that accepted (the address its link was mailed to, or its brand account),
 * and within its lifetime. Every other token of the deal lost its money rights at acceptance.
 */
@Injectable()
export class BrandMoneyLinks {
  constructor(
    private readonly deals: DealRepository,
    private readonly links: LinkTokens,
    private readonly clock: Clock,
  ) {}

  /** The deal behind a deal-review token and its channel; undefined for anything else. */
  async read(token: string): Promise<ReadDealLink | undefined> {
    const check = await this.links.check(token, 'deal-review', this.clock.now());
    if (check.status === 'unknown') return undefined;
    const deal = await this.deals.findById(dealIdOfSubject(check.subject));
    if (!deal) return undefined;
    const subject = parseReviewSubject(check.subject, () => deal.brand.contactEmail);
    return subject && { status: check.status, deal, subject };
  }

  /**
   * The grant of a money-capable token: DEAL_LINK_INVALID for anything not a current-version link
   * of an accepted deal, NOT_THE_DEALS_BRAND for another party's link, DEAL_MONEY_LINK_EXPIRED for
   * the accepting party's link past its lifetime.
   */
  async grantOf(token: string): Promise<BrandMoneyGrant> {
    const link = await this.read(token);
    const party = link && boundPartyOf(link.deal);
    if (!link || !party || !moneyIsOpen(link.deal) || link.subject.version !== link.deal.version) {
      throw new DealLinkInvalidError();
    }
    if (!speaksFor(link.subject.link, party)) throw new NotTheDealsBrandError();
    if (link.status === 'expired') throw new DealMoneyLinkExpiredError();
    return { deal: link.deal, party, actor: actorOf(party) };
  }

  /** A new deal-review token of `deal`'s current version through `channel`, for `lifetimeMs`. */
  async issue(
    deal: Pick<Deal, 'id' | 'version'>,
    channel: LinkChannel,
    lifetimeMs: number,
  ): Promise<IssuedDealLink> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + lifetimeMs);
    const token = await this.links.issue({
      purpose: 'deal-review',
      subject: reviewSubjectOf(deal.id, deal.version, channel),
      issuedAt: now,
      expiresAt,
    });
    return { token, expiresAt };
  }

  /**
   * Until when a link mailed to `email` for `deal`'s current version still works (the review
   * link it was sent with, a money link), if one does: then no new one need be minted.
   */
  async mailedLinkLiveUntil(
    deal: Pick<Deal, 'id' | 'version' | 'brand'>,
    email: string,
  ): Promise<Date | undefined> {
    const subjects = [reviewSubjectOf(deal.id, deal.version, { channel: 'email', email })];
    // Links mailed before channels were recorded went to the contact address.
    if (email === deal.brand.contactEmail) subjects.push(`${deal.id}:${String(deal.version)}`);
    return this.links.liveUntil(subjects, 'deal-review', this.clock.now());
  }

  /** A money link for the accepting address, mailed there: it works for 30 days. */
  issueMailed(deal: Pick<Deal, 'id' | 'version'>, email: string): Promise<IssuedDealLink> {
    return this.issue(deal, { channel: 'email', email }, MAILED_MONEY_LINK_DAYS * DAY_MS);
  }

  /** A link minted in the brand workspace for its own account: it works for an hour. */
  issueForAccount(deal: Pick<Deal, 'id' | 'version'>, brandId: string): Promise<IssuedDealLink> {
    return this.issue(deal, { channel: 'account', brandId }, WORKSPACE_LINK_MINUTES * MINUTE_MS);
  }
}
