/**
 * An account's erasure (#41). The creator's kit goes, with its public page (/@handle answers 404
 * at once), its handle (free for anyone to claim), its view counts and the package requests
 * brands sent it (they hold the brands' contact details). A brand account's requests, sent while
 * signed in, go with it. Each request's answer and the mails about it are forgotten too.
 */
export abstract class MediaKitErasure {
  /** Idempotent: a creator without a kit is a success. */
  abstract eraseOf(creatorId: string): Promise<void>;
  /** The requests the brand account sent while signed in; idempotent. */
  abstract eraseRequestsOfBrand(brandAccountId: string): Promise<void>;
}
