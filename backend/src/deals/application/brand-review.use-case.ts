import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { LinkTokens } from '../../link-tokens/link-tokens.contract.js';
import { type MailAttachment, Outbox } from '../../mail/mail.contract.js';
import { type BrandBillingInput, parseBrandBilling } from '../domain/brand-billing.js';
import {
  actorOf,
  type DealBrandParty,
  type LinkChannel,
  partyProvenBy,
} from '../domain/brand-party.js';
import { reviewUrlOf } from '../domain/deal-urls.js';
import {
  type AcceptanceRecord,
  currentContract,
  type Deal,
  type DealAction,
  revise,
} from '../domain/deal.js';
import {
  DealLinkClosedError,
  DealLinkExpiredError,
  DealLinkInvalidError,
  DealTransitionRefusedError,
} from '../domain/deal.errors.js';
import { parseDealText, TYPED_TEXT_RULES } from '../domain/deal-text.js';
import { BrandMoneyLinks } from './brand-money-links.js';
import { ContractPublisher } from './contract-publisher.js';
import { dealUrlOf, DealTransitions, type RequestOrigin } from './creator-deals.use-case.js';
import { ContractDocuments, type StoredContractDocument } from './ports/contract-documents.js';
import { DealRepository } from './ports/deal.repository.js';
import { DealSettings } from './ports/deal-settings.js';
import { UserDirectory } from './ports/user-directory.js';

/** What the brand sees through the link: the deal and the exact contract they would accept. */
export interface BrandReview {
  readonly deal: Deal;
  readonly contract: StoredContractDocument;
  readonly creatorName: string;
}

/** The review, and the channel the token that opened it went through. */
interface OpenedReview extends BrandReview {
  readonly link: LinkChannel;
}

/** What an acceptance record says of the party that accepted: the channel it proved. */
function provenBy(
  party: DealBrandParty,
): Pick<AcceptanceRecord, 'email' | 'channel' | 'mobile' | 'brandAccountId'> {
  return party.channel === 'email'
    ? { email: party.email, channel: 'email' }
    : { email: null, channel: 'account', mobile: party.mobile, brandAccountId: party.brandId };
}

/**
 * The brand's side, without an account: every call presents the e-mailed token, which opens only
 * the deal version it was issued for, and only while that version awaits the brand (`sent`).
 */
@Injectable()
export class BrandReviews {
  private readonly logger = new Logger(BrandReviews.name);

  constructor(
    private readonly deals: DealRepository,
    private readonly transitions: DealTransitions,
    private readonly documents: ContractDocuments,
    private readonly publisher: ContractPublisher,
    private readonly links: LinkTokens,
    private readonly moneyLinks: BrandMoneyLinks,
    private readonly outbox: Outbox,
    private readonly users: UserDirectory,
    private readonly settings: DealSettings,
    private readonly clock: Clock,
  ) {}

  async open(token: string): Promise<BrandReview> {
    const { deal, contract, creatorName } = await this.opened(token);
    return { deal, contract, creatorName };
  }

  private async opened(token: string): Promise<OpenedReview> {
    const { deal, link } = await this.dealOf(token);
    const contract = await this.documents.find(deal.id, deal.version, 'contract');
    if (!contract) throw new DealLinkClosedError();
    const creator = currentContract(deal)?.creatorAcceptance.fullName ?? '';
    return { deal, contract, creatorName: creator, link };
  }

  /**
   * The brand signs; its billing details (optional) are checked first and written with the
   * acceptance in the same claimed update of the deal, so both are recorded or neither is. The
   * channel the token proves (the address it was mailed to, or the brand account it was minted
   * for) becomes the deal's `brandParty` in that same update: only it acts on the money after.
   */
  async accept(
    token: string,
    fullName: string,
    origin: RequestOrigin,
    billingInput: BrandBillingInput = {},
  ): Promise<Deal> {
    const signature = parseDealText('fullName', fullName, TYPED_TEXT_RULES.fullName);
    const billing = parseBrandBilling(billingInput);
    const { deal, contract, link } = await this.opened(token);
    const brandParty = partyProvenBy(link, deal.brand.contactMobile);
    const brandAcceptance: AcceptanceRecord = {
      party: 'brand',
      fullName: signature,
      ...provenBy(brandParty),
      at: this.clock.now(),
      ip: origin.ip,
      userAgent: origin.userAgent,
      documentSha256: contract.sha256,
    };
    const accepted = await this.decide(deal, 'accept', actorOf(brandParty), undefined, {
      brandParty,
      ...(billing && { brand: { ...deal.brand, billing } }),
      contracts: deal.contracts.map((version) =>
        version.version === deal.version ? { ...version, brandAcceptance } : version,
      ),
    });
    await this.links.markUsed(token, this.clock.now());
    await this.notifyCreator(accepted, 'accepted');
    try {
      return await this.sendSigned(accepted, contract);
    } catch (error) {
      // The acceptance stands (it is recorded). Nothing produces the signed copy again yet (#37):
      // the error is logged for an operator, and both parties keep the accepted contract.
      this.logger.error({ err: error, dealId: deal.id }, 'Could not produce the signed contract');
      return accepted;
    }
  }

  async requestChanges(token: string, commentInput: string): Promise<Deal> {
    const comment = parseDealText('comment', commentInput, TYPED_TEXT_RULES.comment);
    const { deal, link } = await this.opened(token);
    const next = await this.decide(deal, 'request_changes', actorOf(link), comment);
    await this.links.markUsed(token, this.clock.now());
    await this.notifyCreator(next, 'changes_requested', comment);
    return next;
  }

  async decline(token: string, reasonInput: string | undefined): Promise<Deal> {
    const reason = parseDealText('reason', reasonInput, TYPED_TEXT_RULES.declineReason);
    const { deal, link } = await this.opened(token);
    const next = await this.decide(deal, 'decline', actorOf(link), reason);
    await this.links.markUsed(token, this.clock.now());
    await this.notifyCreator(next, 'declined', reason);
    return next;
  }

  private async decide(
    deal: Deal,
    action: DealAction,
    actor: string,
    note: string | undefined,
    changes: Partial<Deal> = {},
  ): Promise<Deal> {
    const next = this.transitions.next(
      deal,
      action,
      'brand',
      actor,
      changes,
      note === undefined || note === '' ? undefined : note,
    );
    return this.transitions.claim(deal, next);
  }

  /** The deal behind a token, if the token is valid and its version still awaits the brand. */
  private async dealOf(token: string): Promise<{ deal: Deal; link: LinkChannel }> {
    const read = await this.moneyLinks.read(token);
    if (!read) throw new DealLinkInvalidError();
    const deal = await this.transitions.expireIfDue(read.deal);
    if (read.status === 'expired' || deal.state === 'expired') throw new DealLinkExpiredError();
    if (deal.state !== 'sent' || read.subject.version !== deal.version) {
      throw new DealLinkClosedError();
    }
    return { deal, link: read.subject.link };
  }

  private async notifyCreator(deal: Deal, action: string, note?: string): Promise<void> {
    const creator = await this.users.find(deal.creatorId);
    if (!creator) return;
    await this.outbox.enqueue({
      key: `deal-brand-action:${deal.id}:${String(deal.version)}:${action}`,
      kind: 'deal-brand-action',
      to: { email: creator.email, name: creator.name },
      data: {
        brandName: deal.brand.companyName,
        dealTitle: deal.title,
        action,
        dealUrl: dealUrlOf(this.settings.publicUrl, deal.id),
        ...(note ? { note } : {}),
      },
    });
  }

  /**
   * The brand's way to the money after an acceptance by e-mail: a 30-day money link in the signed
   * copy's e-mail (the accepting link itself works only until the deal's link expiry). A deal
   * accepted from the workspace gets none: its money is reached by signing in.
   */
  private async moneyUrlFor(deal: Deal): Promise<{ moneyUrl?: string }> {
    if (deal.brandParty?.channel !== 'email') return {};
    const { token } = await this.moneyLinks.issueMailed(deal, deal.brandParty.email);
    return { moneyUrl: reviewUrlOf(this.settings.publicUrl, token) };
  }

  /** Renders the signed copy (the contract plus the audit trail), stores it, e-mails it to both. */
  private async sendSigned(deal: Deal, contract: StoredContractDocument): Promise<Deal> {
    const version = currentContract(deal);
    if (!version?.brandAcceptance) throw new DealTransitionRefusedError();
    const creator = await this.users.find(deal.creatorId);
    const now = this.clock.now();
    const document = this.publisher.documentOf(
      deal,
      {
        name: version.creatorAcceptance.fullName,
        email: version.creatorAcceptance.email ?? '',
      },
      version.renderedAt,
    );
    const signed = await this.publisher.renderSigned(
      document,
      contract.sha256,
      [version.creatorAcceptance, version.brandAcceptance],
      deal.brand.billing,
    );
    await this.documents.save({
      dealId: deal.id,
      version: deal.version,
      kind: 'signed',
      html: signed.html,
      pdf: signed.pdf,
      sha256: signed.sha256,
      createdAt: now,
    });
    const contracts = deal.contracts.map((item) =>
      item.version === deal.version ? { ...item, signedSha256: signed.sha256 } : item,
    );
    const next = revise(deal, { contracts }, now);
    const recorded = (await this.deals.claim(deal, next)) ? next : deal;
    const attachment: MailAttachment = {
      filename: `paylock-contract-${deal.id}-v${String(deal.version)}-signed.pdf`,
      contentType: 'application/pdf',
      content: signed.pdf,
    };
    const data = { dealTitle: deal.title, sha256: contract.sha256 };
    const brandData = {
      ...data,
      otherParty: version.creatorAcceptance.fullName,
      ...(await this.moneyUrlFor(deal)),
    };
    await this.outbox.enqueueMany([
      {
        key: `deal-signed:${deal.id}:${String(deal.version)}:brand`,
        kind: 'deal-signed',
        to: { email: deal.brand.contactEmail, name: deal.brand.contactName },
        data: brandData,
        attachments: [attachment],
      },
      ...(creator
        ? [
            {
              key: `deal-signed:${deal.id}:${String(deal.version)}:creator`,
              kind: 'deal-signed' as const,
              to: { email: creator.email, name: creator.name },
              data: { ...data, otherParty: deal.brand.companyName },
              attachments: [attachment],
            },
          ]
        : []),
    ]);
    return recorded;
  }
}
