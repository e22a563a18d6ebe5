/**
 * The creator's erasure (#41): the kit goes, with its public page (/@handle answers 404 at once),
 * its handle (free for anyone to claim) and its view counts.
 */
export abstract class MediaKitErasure {
  /** Idempotent: a creator without a kit is a success. */
  abstract eraseOf(creatorId: string): Promise<void>;
}
