import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { PayoutAccounts } from '../../payouts/payouts.contract.js';
import { Clock } from '../../common/application/clock.js';
import { normalizeEmailAddress } from '../../common/domain/email-address.js';
import { LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import { Outbox } from '../../mail/mail.contract.js';
import {
  type AcceptanceRecord,
  type Deal,
  type DealAction,
  historyEntry,
  isLinkExpired,
  nextState,
  revise,
} from '../domain/deal.js';
import { reviewSubjectOf } from '../domain/brand-party.js';
import {
  BrandContactIsCreatorError,
  ContractRenderFailedError,
  DealChangedConcurrentlyError,
  DealNotEditableError,
  DealNotFoundError,
  DealTransitionRefusedError,
  PayoutProfileNotVerifiedError,
} from '../domain/deal.errors.js';
import { type DealTermsInput, parseDealTerms } from '../domain/deal-terms.js';
import { formatRupees } from '../domain/money.js';
import { CONTRACT_TEMPLATE_VERSION } from '../domain/contract-template.js';
import { ContractPublisher } from './contract-publisher.js';
import { CreatorLimits } from './creator-limits.js';
import { ContractDocuments } from './ports/contract-documents.js';
import { DealRepository } from './ports/deal.repository.js';
import { DealSettings } from './ports/deal-settings.js';

const DAY_MS = 86_400_000;
/** Deals expired in one lazy pass on a creator's read (the rest on the next read). */
const EXPIRY_BATCH = 50;

/** The signed-in creator, as the deals see them. */
export interface Creator {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

/** Where a request came from: recorded with an acceptance. */
export interface RequestOrigin {
  readonly ip: string;
  readonly userAgent: string;
}

import { reviewUrlOf } from '../domain/deal-urls.js';

/** Whether `email` (a deal's brand contact, stored normalised) is the creator's own address. */
function isOwnAddress(creator: Creator, email: string): boolean {
  return (normalizeEmailAddress(creator.email) ?? creator.email) === email;
}

export { dealUrlOf, reviewUrlOf } from '../domain/deal-urls.js';

/**
 * Moves deals through their states, claim-once: each move reads the deal, computes the next one
 * in the domain, and writes it only if nobody changed it in between.
 */
@Injectable()
export class DealTransitions {
  constructor(
    private readonly deals: DealRepository,
    private readonly clock: Clock,
  ) {}

  /** `deal` after `action` by `by`; throws DealTransitionRefusedError when the state forbids it. */
  next(
    deal: Deal,
    action: DealAction,
    by: 'creator' | 'brand' | 'system',
    actor: string,
    changes: Partial<Deal> = {},
    note?: string,
  ): Deal {
    const to = nextState(deal.state, action, by);
    if (to === undefined) throw new DealTransitionRefusedError();
    const at = this.clock.now();
    const record = to === deal.state ? undefined : historyEntry(deal, to, by, actor, at, note);
    return revise(deal, { ...changes, state: to, ...(record && { record }) }, at);
  }

  /** Writes `next` iff `deal` is still as read; DealChangedConcurrentlyError for the loser. */
  async claim(deal: Deal, next: Deal): Promise<Deal> {
    if (!(await this.deals.claim(deal, next))) throw new DealChangedConcurrentlyError();
    return next;
  }

  /** Expires `deal` if its link ran out (claim-once; a lost race is someone else's expiry). */
  async expireIfDue(deal: Deal): Promise<Deal> {
    if (!isLinkExpired(deal, this.clock.now())) return deal;
    const next = this.next(deal, 'expire', 'system', 'system');
    if (await this.deals.claim(deal, next)) return next;
    return (await this.deals.findById(deal.id)) ?? deal;
  }

  /** Expires the creator's (or anyone's) deals whose link ran out: lazily before their lists. */
  async expireDue(creatorId?: string): Promise<number> {
    const due = await this.deals.dueForExpiry(creatorId, this.clock.now(), EXPIRY_BATCH);
    let expired = 0;
    for (const deal of due) {
      const next = this.next(deal, 'expire', 'system', 'system');
      if (await this.deals.claim(deal, next)) expired += 1;
    }
    return expired;
  }
}

@Injectable()
export class CreateDeal {
  constructor(
    private readonly deals: DealRepository,
    private readonly clock: Clock,
  ) {}

  async execute(creator: Creator, input: DealTermsInput): Promise<Deal> {
    const now = this.clock.now();
    const terms = parseDealTerms(input, now, () => randomUUID());
    const deal: Deal = {
      ...terms,
      id: this.deals.nextId(),
      creatorId: creator.id,
      state: 'draft',
      version: 1,
      revision: 0,
      createdAt: now,
      updatedAt: now,
      sentAt: null,
      linkExpiresAt: null,
      history: [{ at: now, by: 'creator', actor: creator.id, from: null, to: 'draft', version: 1 }],
      contracts: [],
      lastError: null,
    };
    await this.deals.insert(deal);
    return deal;
  }
}

@Injectable()
export class GetDeal {
  constructor(
    private readonly deals: DealRepository,
    private readonly transitions: DealTransitions,
  ) {}

  /** The creator's own deal (expired first if its link ran out); DealNotFoundError otherwise. */
  async execute(creatorId: string, dealId: string): Promise<Deal> {
    const deal = await this.deals.findOwned(dealId, creatorId);
    if (!deal) throw new DealNotFoundError();
    return this.transitions.expireIfDue(deal);
  }
}

@Injectable()
export class UpdateDeal {
  constructor(
    private readonly getDeal: GetDeal,
    private readonly transitions: DealTransitions,
    private readonly clock: Clock,
  ) {}

  /**
   * New terms for a draft. A deal the brand sent back (changes_requested) becomes a draft of its
   * next version. Anything else: DealNotEditableError.
   */
  async execute(creator: Creator, dealId: string, input: DealTermsInput): Promise<Deal> {
    const deal = await this.getDeal.execute(creator.id, dealId);
    const action: DealAction | undefined =
      deal.state === 'draft' ? 'edit' : deal.state === 'changes_requested' ? 'revise' : undefined;
    if (!action) throw new DealNotEditableError();
    const terms = parseDealTerms(input, this.clock.now(), () => randomUUID());
    const next = this.transitions.next(deal, action, 'creator', creator.id, {
      ...terms,
      version: action === 'revise' ? deal.version + 1 : deal.version,
      lastError: null,
    });
    return this.transitions.claim(deal, next);
  }
}

@Injectable()
export class CancelDeal {
  constructor(
    private readonly getDeal: GetDeal,
    private readonly transitions: DealTransitions,
  ) {}

  async execute(creatorId: string, dealId: string): Promise<Deal> {
    const deal = await this.getDeal.execute(creatorId, dealId);
    return this.transitions.claim(
      deal,
      this.transitions.next(deal, 'cancel', 'creator', creatorId),
    );
  }
}

/**
 * Sends a draft: renders its contract (HTML and PDF, stored with the PDF's SHA-256), records the
 * creator's acceptance of that document, issues the brand's single-purpose link, moves the deal
 * to `sent` (claim-once) and queues the brand's e-mail. A render failure leaves the deal a draft
 * with the error recorded.
 */
@Injectable()
export class SendDeal {
  private readonly logger = new Logger(SendDeal.name);

  constructor(
    private readonly getDeal: GetDeal,
    private readonly transitions: DealTransitions,
    private readonly deals: DealRepository,
    private readonly publisher: ContractPublisher,
    private readonly documents: ContractDocuments,
    private readonly links: LinkTokens,
    private readonly outbox: Outbox,
    private readonly settings: DealSettings,
    private readonly clock: Clock,
    /** The creator's sending limits (#36). */
    private readonly limits: CreatorLimits,
    /** The payout profiles (#26): a deal is sent only to be paid to a verified destination. */
    private readonly payouts: PayoutAccounts,
  ) {}

  async execute(creator: Creator, dealId: string, origin: RequestOrigin): Promise<Deal> {
    const deal = await this.getDeal.execute(creator.id, dealId);
    if (nextState(deal.state, 'send', 'creator') === undefined) {
      throw new DealTransitionRefusedError();
    }
    if (isOwnAddress(creator, deal.brand.contactEmail)) throw new BrandContactIsCreatorError();
    if (!(await this.payouts.verifiedDestination(creator.id))) {
      throw new PayoutProfileNotVerifiedError();
    }
    await this.limits.countSend(creator.id, deal.brand.contactEmail);
    const now = this.clock.now();
    let rendered;
    try {
      rendered = await this.publisher.render(
        this.publisher.documentOf(deal, { name: creator.name, email: creator.email }, now),
      );
    } catch (error) {
      this.logger.error({ err: error, dealId }, 'Could not render a contract');
      const lastError = {
        code: ContractRenderFailedError.CODE,
        message: ContractRenderFailedError.MESSAGE,
        at: now,
      };
      const failed = revise(deal, { lastError }, now);
      await this.deals.claim(deal, failed);
      throw new ContractRenderFailedError({ cause: error });
    }
    await this.documents.save({
      dealId: deal.id,
      version: deal.version,
      kind: 'contract',
      html: rendered.html,
      pdf: rendered.pdf,
      sha256: rendered.sha256,
      createdAt: now,
    });
    const linkExpiresAt = new Date(now.getTime() + this.settings.linkTtlDays * DAY_MS);
    const token = await this.links.issue({
      purpose: 'deal-review',
      subject: reviewSubjectOf(deal.id, deal.version, {
        channel: 'email',
        email: deal.brand.contactEmail,
      }),
      issuedAt: now,
      expiresAt: linkExpiresAt,
    });
    const creatorAcceptance: AcceptanceRecord = {
      party: 'creator',
      fullName: creator.name,
      email: creator.email,
      at: now,
      ip: origin.ip,
      userAgent: origin.userAgent,
      documentSha256: rendered.sha256,
    };
    const next = this.transitions.next(deal, 'send', 'creator', creator.id, {
      sentAt: now,
      linkExpiresAt,
      lastError: null,
      contracts: [
        ...deal.contracts.filter(({ version }) => version !== deal.version),
        {
          version: deal.version,
          templateVersion: CONTRACT_TEMPLATE_VERSION,
          sha256: rendered.sha256,
          renderedAt: now,
          creatorAcceptance,
          brandAcceptance: null,
          signedSha256: null,
        },
      ],
    });
    const sent = await this.transitions.claim(deal, next);
    await this.outbox.enqueue({
      key: `deal-review-request:${deal.id}:${String(deal.version)}`,
      kind: 'deal-review-request',
      to: { email: deal.brand.contactEmail, name: deal.brand.contactName },
      data: {
        creatorName: creator.name,
        dealTitle: deal.title,
        total: formatRupees(deal.totalPaise),
        reviewUrl: reviewUrlOf(this.settings.publicUrl, token),
        expiresInDays: String(this.settings.linkTtlDays),
      },
    });
    return sent;
  }
}
