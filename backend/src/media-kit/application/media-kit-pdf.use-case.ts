import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/application/clock.js';
import { indianToday } from '../../deals/deals.contract.js';
import { EMPTY_KIT_CONTENT, publicPackages } from '../domain/media-kit.js';
import { AudienceFigures } from './ports/audience-figures.js';
import { CreatorProfiles } from './ports/creator-profiles.js';
import { KitPdfRenderer } from './ports/kit-pdf-renderer.js';
import { MediaKitStore } from './ports/media-kit.store.js';
import { TrackRecords } from './ports/track-records.js';

/**
 * The creator's kit as a PDF to send brands: bio, platforms with their figures (self-reported,
 * dated), the published packages, and the track record when the creator chose to show it.
 */
@Injectable()
export class GetMediaKitPdf {
  constructor(
    private readonly store: MediaKitStore,
    private readonly profiles: CreatorProfiles,
    private readonly audience: AudienceFigures,
    private readonly trackRecords: TrackRecords,
    private readonly renderer: KitPdfRenderer,
    private readonly clock: Clock,
  ) {}

  async execute(creatorId: string): Promise<{ pdf: Uint8Array; filename: string }> {
    const now = this.clock.now();
    const kit = (await this.store.findByCreator(creatorId)) ?? {
      ...EMPTY_KIT_CONTENT,
      creatorId,
      published: false,
      updatedAt: now,
    };
    const handle = kit.handle?.value ?? null;
    const pdf = await this.renderer.render({
      displayName: (await this.profiles.find(creatorId))?.displayName ?? '',
      handle,
      kit,
      platforms: await this.audience.presencesOf(kit),
      packages: publicPackages(kit),
      trackRecord: kit.showTrackRecord ? await this.trackRecords.of(creatorId) : null,
      printedOn: indianToday(now),
    });
    return { pdf, filename: `paylock-media-kit${handle ? `-${handle}` : ''}.pdf` };
  }
}
