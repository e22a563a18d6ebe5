import { Injectable } from '@nestjs/common';
import { ConfirmPhoneCode, RequestPhoneCode } from '../../brands/brands.contract.js';
import {
  type Deal,
  DealDrafts,
  type DealTermsInput,
  DealReads,
  type DraftCreator,
  formatRupees,
} from '../../deals/deals.contract.js';
import { Outbox } from '../../mail/mail.contract.js';
import { InAppNotices } from '../../notifications/notifications.contract.js';
import { CountHit } from '../../rate-limit/rate-limit.contract.js';
import { BrandAccountRepository } from '../../users/users.contract.js';
import {
  type PackageRequest,
  packageRequestMailSubject,
  type RequestLimit,
} from '../domain/package-request.js';
import { MediaKitSettings } from '../application/ports/media-kit-settings.js';
import {
  BrandNotices,
  CreatorNotices,
  type LimitDecision,
  PhoneProofs,
  RequestDeals,
  type RequestingBrand,
  RequestingBrands,
  RequestLimits,
  type SentRequestCode,
} from '../application/ports/package-request-parties.js';

/** Where the creator answers requests. */
export const REQUESTS_PATH = '/creator/media-kit/requests';

/** The request limits as counters of the shared rate-limit store (rate_limit_hits). */
@Injectable()
export class SharedRequestLimits extends RequestLimits {
  constructor(private readonly countHit: CountHit) {
    super();
  }

  async hit(limit: RequestLimit, subject: string): Promise<LimitDecision> {
    const decision = await this.countHit.execute(
      `${limit.name}:${subject}`,
      limit.windowMs,
      limit.limit,
    );
    return { allowed: !decision.isBlocked, retryAfterSeconds: decision.secondsUntilReset };
  }
}

/** The brands' one-time codes, bound to package requests (a code proves the number, signs no one in). */
@Injectable()
export class BrandCodePhoneProofs extends PhoneProofs {
  constructor(
    private readonly requestCode: RequestPhoneCode,
    private readonly confirmCode: ConfirmPhoneCode,
  ) {
    super();
  }

  send(phone: string, clientIp: string, proof: string | undefined): Promise<SentRequestCode> {
    return this.requestCode.execute({ phone, purpose: 'package-request', clientIp, proof });
  }

  confirm(phone: string, code: string): Promise<string> {
    return this.confirmCode.execute(phone, code, 'package-request');
  }
}

/** A signed-in brand from the users' brand accounts. */
@Injectable()
export class UsersRequestingBrands extends RequestingBrands {
  constructor(private readonly brands: BrandAccountRepository) {
    super();
  }

  async find(accountIds: readonly string[]): Promise<RequestingBrand | undefined> {
    for (const id of accountIds) {
      const brand = await this.brands.findById(id);
      if (brand) return { id: brand.id, phone: brand.phone };
    }
    return undefined;
  }
}

/** The creator's bell: one notice per request. */
@Injectable()
export class BellCreatorNotices extends CreatorNotices {
  constructor(private readonly notices: InAppNotices) {
    super();
  }

  async requestReceived(request: PackageRequest): Promise<void> {
    const item = request.package;
    await this.notices.tell({
      recipient: `user:${request.creatorId}`,
      kind: 'package_requested',
      eventId: `package-request:${request.id}`,
      title: `${request.brand.companyName} requested "${item.title}"`,
      body: `${request.brand.contactName} of ${request.brand.companyName} asks for "${item.title}" (${formatRupees(item.pricePaise)}) from ${request.startDate} to ${request.endDate}. Accept it to start a deal draft, or decline.`,
      actionPath: REQUESTS_PATH,
      actionLabel: 'Open the requests',
      at: request.requestedAt,
    });
  }
}

/** The brand's e-mail through the mail outbox (the notification template: a title, words, one link). */
@Injectable()
export class MailBrandNotices extends BrandNotices {
  constructor(
    private readonly outbox: Outbox,
    private readonly settings: MediaKitSettings,
  ) {
    super();
  }

  async requestDeclined(request: PackageRequest, creatorName: string): Promise<void> {
    const reason = request.declineReason ? ` Their note: "${request.declineReason}"` : '';
    await this.outbox.enqueue({
      key: `package-request-declined:${request.id}`,
      kind: 'notification',
      to: { email: request.brand.contactEmail, name: request.brand.contactName },
      data: {
        title: `${creatorName} declined your request for "${request.package.title}"`,
        body: `${creatorName} cannot take on "${request.package.title}" for ${request.brand.companyName} this time.${reason}`,
        actionLabel: 'Open Paylock',
        actionUrl: this.settings.publicUrl,
      },
      about: packageRequestMailSubject(request.id),
    });
  }
}

/** The deals: a draft made through their own use case, and the deals read back for the funnel. */
@Injectable()
export class DealsRequestDeals extends RequestDeals {
  constructor(
    private readonly drafts: DealDrafts,
    private readonly reads: DealReads,
  ) {
    super();
  }

  async createDraft(creator: DraftCreator, input: DealTermsInput): Promise<string> {
    return (await this.drafts.execute(creator, input)).id;
  }

  async findMany(ids: readonly string[]): Promise<Deal[]> {
    const found = await Promise.all(ids.map((id) => this.reads.findById(id)));
    return found.filter((deal): deal is Deal => deal !== undefined);
  }
}
