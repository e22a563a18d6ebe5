import type { PackageRequest, PackageRequestState } from '../../domain/package-request.js';

/** A page of a creator's requests, newest first. */
export interface PackageRequestPage {
  readonly items: readonly PackageRequest[];
  /** Where the next page starts (opaque to the caller), or null on the last page. */
  readonly nextBefore: string | null;
}

/** The requests, one document each, and their answers, each claimed once. */
export abstract class PackageRequestStore {
  abstract nextId(): string;
  abstract insert(request: PackageRequest): Promise<void>;
  /** The request, if it is `creatorId`'s. */
  abstract findOwned(creatorId: string, id: string): Promise<PackageRequest | undefined>;
  abstract page(
    creatorId: string,
    before: string | null,
    limit: number,
  ): Promise<PackageRequestPage>;
  /** Every request of the creator (the funnel): a few a day at most, by the daily cap. */
  abstract allOf(creatorId: string): Promise<PackageRequest[]>;
  /** Claim-once: true for the one caller whose answer the request gets. */
  abstract claimAnswer(
    id: string,
    answer: Exclude<PackageRequestState, 'requested'>,
    at: Date,
  ): Promise<boolean>;
  /** Gives an answer's claim back (the draft it was for could not be made). */
  abstract releaseAnswer(id: string): Promise<void>;
  /** Writes the request as its claimed answer made it. */
  abstract save(request: PackageRequest): Promise<void>;
}
