import { Injectable, Logger } from '@nestjs/common';
import type { DraftCreator } from '../../deals/deals.contract.js';
import { indianToday } from '../../deals/deals.contract.js';
import { Clock } from '../../common/application/clock.js';
import {
  answered,
  draftOfRequest,
  type PackageRequest,
  type PackageRequestInput,
  parseDeclineReason,
  parsePackageRequest,
  type RequestLimit,
  REQUESTS_PER_CREATOR_PER_DAY,
  REQUESTS_PER_IP_PER_HOUR,
  REQUESTS_PER_PHONE_PER_DAY,
} from '../domain/package-request.js';
import {
  OwnPackageRequestError,
  PackageNotFoundError,
  PackageRequestAnsweredError,
  PackageRequestNotFoundError,
  RequestCodeRequiredError,
  TooManyPackageRequestsError,
} from '../domain/package-request.errors.js';
import { MediaKitNotFoundError } from '../domain/media-kit.errors.js';
import type { RatePackage } from '../domain/rate-package.js';
import { dealProgressOf, type RequestFunnel, requestFunnel } from '../domain/request-funnel.js';
import { CreatorProfiles } from './ports/creator-profiles.js';
import {
  BrandNotices,
  CreatorNotices,
  PhoneProofs,
  RequestDeals,
  RequestingBrands,
  RequestLimits,
  type SentRequestCode,
} from './ports/package-request-parties.js';
import { type PackageRequestPage, PackageRequestStore } from './ports/package-requests.store.js';
import { GetPublicMediaKit } from './public-media-kit.use-case.js';

/** Who is asking, as the HTTP request shows it. */
export interface RequestCaller {
  /** The accounts its session names (access token, refresh cookie): none for a stranger. */
  readonly accountIds: readonly string[];
  /** The client's address (honouring TRUST_PROXY), for the per-IP limit. */
  readonly clientIp: string;
}

/** A brand's request as sent: the form, and the SMS code unless signed in as a brand. */
export interface PackageRequestSubmission extends PackageRequestInput {
  readonly contactMobile?: string | undefined;
  readonly code?: string | undefined;
}

export const REQUESTS_PAGE_SIZE = 20;

/** The published package at /@handle, or PackageNotFoundError whatever hides it. */
@Injectable()
export class FindRequestablePackage {
  constructor(private readonly kits: GetPublicMediaKit) {}

  async execute(
    handle: string,
    packageId: string,
  ): Promise<{ creatorId: string; item: RatePackage }> {
    let found;
    try {
      found = await this.kits.execute(handle);
    } catch (error) {
      if (error instanceof MediaKitNotFoundError) throw new PackageNotFoundError();
      throw error;
    }
    const item =
      'packages' in found ? found.packages.find(({ id }) => id === packageId) : undefined;
    if (!item || !('kit' in found)) throw new PackageNotFoundError();
    return { creatorId: found.kit.creatorId, item };
  }
}

async function withinLimit(
  limits: RequestLimits,
  limit: RequestLimit,
  subject: string,
): Promise<void> {
  const decision = await limits.hit(limit, subject);
  if (!decision.allowed) throw new TooManyPackageRequestsError(decision.retryAfterSeconds);
}

/**
 * "Get a code" on the request form: the package must exist (404 otherwise, before any SMS), then
 * the brands' code machinery with its own limits (cooldown, per number, per IP, the SMS budget).
 */
@Injectable()
export class SendPackageRequestCode {
  constructor(
    private readonly packages: FindRequestablePackage,
    private readonly proofs: PhoneProofs,
  ) {}

  async execute(
    handle: string,
    packageId: string,
    phone: string,
    caller: RequestCaller,
    proof?: string,
  ): Promise<SentRequestCode> {
    const { creatorId } = await this.packages.execute(handle, packageId);
    if (caller.accountIds.includes(creatorId)) throw new OwnPackageRequestError();
    return this.proofs.send(phone, caller.clientIp, proof);
  }
}

/**
 * A brand requests a package. Nothing is stored before the brand is proven: their brand session,
 * or the SMS code of the mobile they typed. The limits, in order: the client address, then (once
 * the number is proven) the number, then the creator's day; each refusal says when to retry.
 * The creator's own session is refused (a creator is never their own brand).
 */
@Injectable()
export class RequestPackage {
  private readonly logger = new Logger(RequestPackage.name);

  constructor(
    private readonly packages: FindRequestablePackage,
    private readonly store: PackageRequestStore,
    private readonly limits: RequestLimits,
    private readonly proofs: PhoneProofs,
    private readonly brands: RequestingBrands,
    private readonly notices: CreatorNotices,
    private readonly clock: Clock,
  ) {}

  async execute(
    handle: string,
    packageId: string,
    submission: PackageRequestSubmission,
    caller: RequestCaller,
  ): Promise<PackageRequest> {
    const { creatorId, item } = await this.packages.execute(handle, packageId);
    if (caller.accountIds.includes(creatorId)) throw new OwnPackageRequestError();
    await withinLimit(this.limits, REQUESTS_PER_IP_PER_HOUR, caller.clientIp);
    const now = this.clock.now();
    const checked = parsePackageRequest(submission, indianToday(now));
    const brand = await this.provenBrand(submission, caller);
    await withinLimit(this.limits, REQUESTS_PER_PHONE_PER_DAY, brand.phone);
    await withinLimit(this.limits, REQUESTS_PER_CREATOR_PER_DAY, creatorId);
    const request: PackageRequest = {
      id: this.store.nextId(),
      creatorId,
      package: item,
      brand: {
        companyName: checked.companyName,
        contactName: checked.contactName,
        contactEmail: checked.contactEmail,
        // The deal form takes the ten digits (its +91 is implied).
        contactMobile: brand.phone.replace(/^\+91/, ''),
      },
      brandAccountId: brand.id,
      brief: checked.brief,
      startDate: checked.startDate,
      endDate: checked.endDate,
      state: 'requested',
      requestedAt: now,
      decidedAt: null,
      declineReason: null,
      dealId: null,
    };
    await this.store.insert(request);
    // The request is stored: a bell that fails is logged, the creator still sees it listed.
    await this.notices.requestReceived(request).catch((error: unknown) => {
      this.logger.warn(
        `Request notice not added (${error instanceof Error ? error.name : 'error'})`,
      );
    });
    return request;
  }

  /** The signed-in brand, or the number the SMS code proves. */
  private async provenBrand(
    submission: PackageRequestSubmission,
    caller: RequestCaller,
  ): Promise<{ id: string | null; phone: string }> {
    const signedIn = await this.brands.find(caller.accountIds);
    if (signedIn) return signedIn;
    if (!submission.code || !submission.contactMobile) throw new RequestCodeRequiredError();
    return {
      id: null,
      phone: await this.proofs.confirm(submission.contactMobile, submission.code),
    };
  }
}

/** The creator's requests, newest first, a page at a time. */
@Injectable()
export class ListPackageRequests {
  constructor(private readonly store: PackageRequestStore) {}

  execute(creatorId: string, before: string | null): Promise<PackageRequestPage> {
    return this.store.page(creatorId, before, REQUESTS_PAGE_SIZE);
  }
}

/**
 * Accepting claims the answer once, then starts the deal draft from the package (the deals'
 * own checks), then records it on the request. Of two accepts one makes a draft; the other is
 * told the request was answered. A draft that cannot be made gives the claim back.
 */
@Injectable()
export class AcceptPackageRequest {
  constructor(
    private readonly store: PackageRequestStore,
    private readonly deals: RequestDeals,
    private readonly clock: Clock,
  ) {}

  async execute(creator: DraftCreator, id: string): Promise<PackageRequest> {
    const request = await this.store.findOwned(creator.id, id);
    if (!request) throw new PackageRequestNotFoundError();
    const now = this.clock.now();
    const next = answered(request, 'accepted', now);
    if (!(await this.store.claimAnswer(id, 'accepted', now))) {
      throw new PackageRequestAnsweredError();
    }
    let dealId: string;
    try {
      dealId = await this.deals.createDraft(creator, draftOfRequest(request, indianToday(now)));
    } catch (error) {
      await this.store.releaseAnswer(id);
      throw error;
    }
    const accepted = { ...next, dealId };
    await this.store.save(accepted);
    return accepted;
  }
}

/** Declining claims the answer once, keeps the optional reason, and tells the brand by e-mail. */
@Injectable()
export class DeclinePackageRequest {
  private readonly logger = new Logger(DeclinePackageRequest.name);

  constructor(
    private readonly store: PackageRequestStore,
    private readonly profiles: CreatorProfiles,
    private readonly notices: BrandNotices,
    private readonly clock: Clock,
  ) {}

  async execute(creatorId: string, id: string, reason: unknown): Promise<PackageRequest> {
    const request = await this.store.findOwned(creatorId, id);
    if (!request) throw new PackageRequestNotFoundError();
    const now = this.clock.now();
    const declined = answered(request, 'declined', now, parseDeclineReason(reason));
    if (!(await this.store.claimAnswer(id, 'declined', now))) {
      throw new PackageRequestAnsweredError();
    }
    await this.store.save(declined);
    const creator = await this.profiles.find(creatorId);
    await this.notices
      .requestDeclined(declined, creator?.displayName ?? 'The creator')
      .catch((error: unknown) => {
        this.logger.warn(
          `Decline mail not queued (${error instanceof Error ? error.name : 'error'})`,
        );
      });
    return declined;
  }
}

/** Requests received → deals sent → accepted → funded, from the requests and their deals. */
@Injectable()
export class GetRequestFunnel {
  constructor(
    private readonly store: PackageRequestStore,
    private readonly deals: RequestDeals,
  ) {}

  async execute(creatorId: string): Promise<RequestFunnel> {
    const requests = await this.store.allOf(creatorId);
    const ids = requests.flatMap(({ dealId }) => (dealId === null ? [] : [dealId]));
    const deals = ids.length === 0 ? [] : await this.deals.findMany(ids);
    return requestFunnel(
      requests,
      new Map(
        deals
          .filter((deal) => deal.creatorId === creatorId)
          .map((deal) => [deal.id, dealProgressOf(deal)]),
      ),
    );
  }
}
