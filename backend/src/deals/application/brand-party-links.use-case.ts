import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import { Outbox } from '../../mail/mail.contract.js';
import { actorOf, parseReviewSubject, reviewSubjectOf } from '../domain/brand-party.js';
import { boundPartyOf, type Deal, revise, wasAccepted } from '../domain/deal.js';
import {
  DealLinkInvalidError,
  DealNotFoundError,
  DealTransitionRefusedError,
  NotTheDealsBrandError,
} from '../domain/deal.errors.js';
import { reviewUrlOf } from '../domain/deal-urls.js';
import type { WorkspaceBrand } from './brand-deals.use-case.js';
import { BrandMoneyLinks } from './brand-money-links.js';
import { DealTransitions } from './creator-deals.use-case.js';
import { DealRepository } from './ports/deal.repository.js';
import { DealSettings } from './ports/deal-settings.js';

const MINUTE_MS = 60_000;
/** At most one fresh-link (or claim) e-mail per deal (and account) in this window. */
export const LINK_MAIL_WINDOW_MINUTES = 10;
/** How long a claim link works: it is opened from the inbox, in the workspace that asked. */
export const CLAIM_LINK_HOURS = 24;

/** Where a brand asking for a fresh money link goes next. */
export type FreshLinkAnswer = 'check-email' | 'sign-in';

/**
 * The brand party's ways back to an accepted deal's money (#36, ADR 0061), each through the
 * channel the deal was accepted with: a fresh money link mailed to the accepting address, or, for
 * a deal accepted from a workspace, signing in there. And the move of a deal accepted by e-mail
 * to a brand workspace: only through a claim link mailed to the accepting address.
 */
@Injectable()
export class BrandPartyLinks {
  constructor(
    private readonly deals: DealRepository,
    private readonly transitions: DealTransitions,
    private readonly moneyLinks: BrandMoneyLinks,
    private readonly links: LinkTokens,
    private readonly outbox: Outbox,
    private readonly settings: DealSettings,
    private readonly clock: Clock,
  ) {}

  /**
   * Mails a fresh money link to the address an accepted deal was accepted with, asked with any
   * link of the deal (an expired one too). Answers alike whether or not anything was sent
   * ('check-email'), except for a deal accepted from a workspace: 'sign-in'. At most one e-mail
   * per deal every 10 minutes.
   */
  async requestFreshLink(token: string): Promise<FreshLinkAnswer> {
    const link = await this.moneyLinks.read(token);
    const party = link && wasAccepted(link.deal) ? boundPartyOf(link.deal) : undefined;
    if (!link || !party) return 'check-email';
    if (party.channel === 'account') return 'sign-in';
    const { deal } = link;
    const { token: fresh } = await this.moneyLinks.issueMailed(deal, party.email);
    await this.outbox.enqueue({
      key: `deal-money-link:${deal.id}:${this.window()}`,
      kind: 'deal-money-link',
      to: { email: party.email, name: deal.brand.contactName },
      data: { dealTitle: deal.title, moneyUrl: reviewUrlOf(this.settings.publicUrl, fresh) },
    });
    return 'check-email';
  }

  /**
   * A brand workspace asks to handle a deal sent to its number that was accepted by e-mail: a
   * claim link goes to the accepting address (never to the workspace). Refused for a deal not
   * accepted (409) or bound to another account (403); nothing to do for its own.
   */
  async requestClaim(brand: WorkspaceBrand, dealId: string): Promise<void> {
    const deal = await this.deals.findSentToBrand(dealId, brand.contact);
    if (!deal) throw new DealNotFoundError();
    const party = boundPartyOf(deal);
    if (!party) throw new DealTransitionRefusedError();
    if (party.channel === 'account') {
      if (party.brandId === brand.id) return;
      throw new NotTheDealsBrandError();
    }
    const now = this.clock.now();
    const token = await this.links.issue({
      purpose: 'deal-claim',
      subject: reviewSubjectOf(deal.id, deal.version, { channel: 'account', brandId: brand.id }),
      issuedAt: now,
      expiresAt: new Date(now.getTime() + CLAIM_LINK_HOURS * 60 * MINUTE_MS),
    });
    await this.outbox.enqueue({
      key: `deal-claim-link:${deal.id}:${brand.id}:${this.window()}`,
      kind: 'deal-claim-link',
      to: { email: party.email, name: deal.brand.contactName },
      data: {
        dealTitle: deal.title,
        claimUrl: `${this.settings.publicUrl}/brand/deals?claim=${encodeURIComponent(token)}`,
      },
    });
  }

  /**
   * The claim link, opened in the workspace that asked for it: the deal's brand party becomes
   * that account (claim-once, recorded in the history); the e-mailed links lose their money
   * rights. Single use; another account's claim link, or a deal no longer bound to the address
   * the link was mailed to, is DEAL_LINK_INVALID.
   */
  async claim(brand: WorkspaceBrand, token: string): Promise<Deal> {
    const check = await this.links.check(token, 'deal-claim', this.clock.now());
    const subject = check.status === 'valid' ? parseReviewSubject(check.subject) : undefined;
    if (subject?.link.channel !== 'account' || subject.link.brandId !== brand.id) {
      throw new DealLinkInvalidError();
    }
    const deal = await this.deals.findById(subject.dealId);
    const party = deal && boundPartyOf(deal);
    if (!deal || party?.channel !== 'email' || deal.version !== subject.version) {
      throw new DealLinkInvalidError();
    }
    if (!(await this.links.markUsed(token, this.clock.now()))) throw new DealLinkInvalidError();
    const to = { channel: 'account', brandId: brand.id, mobile: brand.contact.mobile } as const;
    const at = this.clock.now();
    const record = {
      at,
      by: 'brand',
      actor: actorOf(to),
      from: deal.state,
      to: deal.state,
      version: deal.version,
      brandParty: { from: actorOf(party), to: actorOf(to) },
    } as const;
    const next = revise(deal, { brandParty: to, record }, at);
    return this.transitions.claim(deal, next);
  }

  /** The current mail window: one e-mail per key in it. */
  private window(): string {
    return String(Math.floor(this.clock.now().getTime() / (LINK_MAIL_WINDOW_MINUTES * MINUTE_MS)));
  }
}
