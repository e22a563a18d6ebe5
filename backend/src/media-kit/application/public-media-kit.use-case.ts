import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import type { TrackRecord } from '../../insights/insights.contract.js';
import { parseHandle, stillRedirects } from '../domain/handle.js';
import { type MediaKit, type PlatformPresence, publicPackages } from '../domain/media-kit.js';
import { MediaKitNotFoundError } from '../domain/media-kit.errors.js';
import type { RatePackage } from '../domain/rate-package.js';
import { AudienceFigures } from './ports/audience-figures.js';
import { type CreatorProfile, CreatorProfiles } from './ports/creator-profiles.js';
import { MediaKitStore } from './ports/media-kit.store.js';
import { TrackRecords } from './ports/track-records.js';

/** What a visitor sees at /@handle. */
export interface PublicMediaKit {
  readonly handle: string;
  readonly creator: CreatorProfile;
  readonly kit: MediaKit;
  readonly platforms: readonly PlatformPresence[];
  readonly packages: readonly RatePackage[];
  /** Paylock's counts of the creator's deals; null unless the creator consented to show them. */
  readonly trackRecord: TrackRecord | null;
}

/** The page is elsewhere now: an old handle within its 30 days. */
export interface MovedMediaKit {
  readonly movedTo: string;
}

/**
 * A published kit by handle, or where an old handle now points. Unknown, malformed, unpublished
 * and erased all throw the same MediaKitNotFoundError: nothing tells them apart.
 */
@Injectable()
export class GetPublicMediaKit {
  constructor(
    private readonly store: MediaKitStore,
    private readonly profiles: CreatorProfiles,
    private readonly audience: AudienceFigures,
    private readonly trackRecords: TrackRecords,
    private readonly clock: Clock,
  ) {}

  async execute(raw: string): Promise<PublicMediaKit | MovedMediaKit> {
    const handle = this.handleOrNotFound(raw);
    const claim = await this.store.findClaim(handle.skeleton);
    if (!claim) throw new MediaKitNotFoundError();
    const kit = await this.store.findByCreator(claim.creatorId);
    if (!kit?.published || !kit.handle) throw new MediaKitNotFoundError();
    const creator = await this.profiles.find(claim.creatorId);
    if (!creator) throw new MediaKitNotFoundError();
    if (claim.redirectUntil) {
      if (!stillRedirects(claim, this.clock.now())) throw new MediaKitNotFoundError();
      return { movedTo: kit.handle.value };
    }
    if (claim.handle !== handle.value) return { movedTo: kit.handle.value };
    return {
      handle: kit.handle.value,
      creator,
      kit,
      platforms: await this.audience.presencesOf(kit),
      packages: publicPackages(kit),
      trackRecord: kit.showTrackRecord ? await this.trackRecords.of(kit.creatorId) : null,
    };
  }

  private handleOrNotFound(raw: string) {
    try {
      return parseHandle(raw);
    } catch {
      throw new MediaKitNotFoundError();
    }
  }
}
