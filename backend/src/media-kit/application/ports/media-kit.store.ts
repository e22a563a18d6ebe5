import type { HandleClaim } from '../../domain/handle.js';
import type { MediaKit } from '../../domain/media-kit.js';

/** The outcome of claiming a handle's skeleton: won, or held by someone else. */
export type HandleClaimOutcome = 'claimed' | 'taken';

/** The kits (one per creator) and the handle claims (one per skeleton). */
export abstract class MediaKitStore {
  abstract nextPackageId(): string;
  abstract findByCreator(creatorId: string): Promise<MediaKit | undefined>;
  abstract save(kit: MediaKit): Promise<void>;
  abstract findClaim(skeleton: string): Promise<HandleClaim | undefined>;
  /**
   * Claims `claim.skeleton` for its creator, once: a new skeleton, the creator's own, or one whose
   * redirect ended (`mayTake`) — decided against the unique skeleton, so two racing creators
   * cannot both win.
   */
  abstract claimHandle(claim: HandleClaim, now: Date): Promise<HandleClaimOutcome>;
  /** Marks the creator's old skeleton as redirecting until `until`. */
  abstract releaseHandle(skeleton: string, creatorId: string, until: Date): Promise<void>;
}
