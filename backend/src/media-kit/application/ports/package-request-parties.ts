import type { Deal, DealTermsInput, DraftCreator } from '../../../deals/deals.contract.js';
import type { PackageRequest, RequestLimit } from '../../domain/package-request.js';

export interface LimitDecision {
  readonly allowed: boolean;
  /** Whole seconds until the limit's window ends (at least 1). */
  readonly retryAfterSeconds: number;
}

export abstract class RequestLimits {
  abstract hit(limit: RequestLimit, subject: string): Promise<LimitDecision>;
}

/** What a brand is told after asking for a code. */
export interface SentRequestCode {
  readonly maskedPhone: string;
  readonly resendAfterSeconds: number;
  readonly expiresInSeconds: number;
}

/** Proving a mobile number with an SMS code (adapter: the brands' one-time codes). */
export abstract class PhoneProofs {
  abstract send(
    phone: string,
    clientIp: string,
    proof: string | undefined,
  ): Promise<SentRequestCode>;
  /** Uses the number's code, once; the number in E.164. Throws when the code is wrong. */
  abstract confirm(phone: string, code: string): Promise<string>;
}

/** A signed-in brand, as a request names it. */
export interface RequestingBrand {
  readonly id: string;
  /** E.164: the number it signed in with. */
  readonly phone: string;
}

export abstract class RequestingBrands {
  /** The brand account among `accountIds` (a request's session), if any. */
  abstract find(accountIds: readonly string[]): Promise<RequestingBrand | undefined>;
}

/** The creator's bell (adapter: notifications). */
export abstract class CreatorNotices {
  abstract requestReceived(request: PackageRequest): Promise<void>;
}

/** The brand's mailbox (adapter: the mail outbox). */
export abstract class BrandNotices {
  abstract requestDeclined(request: PackageRequest, creatorName: string): Promise<void>;
}

/** The deals an accepted request starts (adapter: the deals). */
export abstract class RequestDeals {
  abstract createDraft(creator: DraftCreator, input: DealTermsInput): Promise<string>;
  /** The deals with these ids that still exist. */
  abstract findMany(ids: readonly string[]): Promise<Deal[]>;
}
