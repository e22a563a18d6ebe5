import type {
  NewSupportRequest,
  SupportAnswer,
  SupportKind,
  SupportRequest,
  SupportStatus,
} from '../../domain/support-request.js';

/** The back-office's filters: null is any. */
export interface SupportRequestFilter {
  readonly status: SupportStatus | null;
  readonly kind: SupportKind | null;
}

export interface SupportRequestPage {
  readonly items: readonly SupportRequest[];
  readonly total: number;
}

export abstract class SupportRequests {
  abstract add(request: NewSupportRequest): Promise<SupportRequest>;
  /** The newest first, at most `limit`. */
  abstract latest(limit: number): Promise<SupportRequest[]>;
  /** Newest first, those matching the filter; `page` from 1. */
  abstract page(
    filter: SupportRequestFilter,
    page: number,
    pageSize: number,
  ): Promise<SupportRequestPage>;
  abstract find(id: string): Promise<SupportRequest | null>;
  /** The account's own requests with their answers, newest first, at most `limit`. */
  abstract ofAccount(accountId: string, limit: number): Promise<SupportRequest[]>;
  /** Claim-once: true for the single caller whose answer is stored. */
  abstract answer(request: SupportRequest, answer: SupportAnswer): Promise<boolean>;
}
