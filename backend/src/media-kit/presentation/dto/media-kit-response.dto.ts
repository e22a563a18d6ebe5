import { ApiProperty } from '@nestjs/swagger';
import {
  DELIVERABLE_KINDS,
  type DeliverableKind,
  type Platform,
  PLATFORMS,
} from '../../../deals/deals.contract.js';
import {
  AUDIENCE_SOURCES,
  type AudienceSource,
  type MediaKit,
  type PlatformPresence,
} from '../../domain/media-kit.js';
import type { RatePackage } from '../../domain/rate-package.js';
import type { DailyViews } from '../../application/ports/page-views.js';
import type { PublicMediaKit } from '../../application/public-media-kit.use-case.js';
import { TrackRecordDto } from './track-record.dto.js';

export class AudienceDto {
  @ApiProperty({ type: 'integer' }) readonly followers!: number;
  @ApiProperty({ type: 'integer' }) readonly medianViews!: number;
  @ApiProperty() readonly note!: string;
  @ApiProperty({ enum: AUDIENCE_SOURCES }) readonly source!: AudienceSource;
  @ApiProperty({ format: 'date-time', description: 'When the figures were entered' })
  readonly asOf!: string;
}

export class PlatformDto {
  @ApiProperty({ enum: PLATFORMS }) readonly platform!: Platform;
  @ApiProperty() readonly handle!: string;
  @ApiProperty({ type: AudienceDto, nullable: true }) readonly audience!: AudienceDto | null;

  static of(item: PlatformPresence): PlatformDto {
    return Object.assign(new PlatformDto(), {
      platform: item.platform,
      handle: item.handle,
      audience: item.audience ? { ...item.audience, asOf: item.audience.asOf.toISOString() } : null,
    });
  }
}

export class RatePackageDto {
  @ApiProperty() readonly id!: string;
  @ApiProperty() readonly title!: string;
  @ApiProperty({ enum: PLATFORMS }) readonly platform!: Platform;
  @ApiProperty({ enum: DELIVERABLE_KINDS }) readonly kind!: DeliverableKind;
  @ApiProperty({ type: 'integer' }) readonly quantity!: number;
  @ApiProperty() readonly usageRights!: string;
  @ApiProperty({ type: 'integer' }) readonly usagePeriodDays!: number;
  @ApiProperty({ type: 'integer', description: 'Integer paise' }) readonly pricePaise!: number;
  @ApiProperty() readonly priceIsFrom!: boolean;
  @ApiProperty({ type: 'integer' }) readonly turnaroundDays!: number;
  @ApiProperty({ type: 'integer', isArray: true }) readonly milestoneSplit!: number[];
  @ApiProperty() readonly visible!: boolean;

  static of(item: RatePackage): RatePackageDto {
    return Object.assign(new RatePackageDto(), {
      ...item,
      milestoneSplit: [...item.milestoneSplit],
    });
  }
}

export class MediaKitDto {
  @ApiProperty({ type: String, nullable: true }) readonly handle!: string | null;
  @ApiProperty() readonly published!: boolean;
  @ApiProperty() readonly bio!: string;
  @ApiProperty({ type: [String] }) readonly niches!: string[];
  @ApiProperty({ type: [String] }) readonly languages!: string[];
  @ApiProperty() readonly city!: string;
  @ApiProperty({ type: [String] }) readonly portfolioLinks!: string[];
  @ApiProperty({ type: [PlatformDto] }) readonly platforms!: PlatformDto[];
  @ApiProperty({ type: [RatePackageDto] }) readonly packages!: RatePackageDto[];
  @ApiProperty() readonly allowIndexing!: boolean;
  @ApiProperty() readonly showTrackRecord!: boolean;
  @ApiProperty({ format: 'date-time' }) readonly updatedAt!: string;

  static of(kit: MediaKit): MediaKitDto {
    return Object.assign(new MediaKitDto(), {
      handle: kit.handle?.value ?? null,
      published: kit.published,
      bio: kit.bio,
      niches: [...kit.niches],
      languages: [...kit.languages],
      city: kit.city,
      portfolioLinks: [...kit.portfolioLinks],
      platforms: kit.platforms.map((item) => PlatformDto.of(item)),
      packages: kit.packages.map((item) => RatePackageDto.of(item)),
      allowIndexing: kit.allowIndexing,
      showTrackRecord: kit.showTrackRecord,
      updatedAt: kit.updatedAt.toISOString(),
    });
  }
}

export class PublicMediaKitDto {
  @ApiProperty() readonly handle!: string;
  @ApiProperty() readonly displayName!: string;
  @ApiProperty({ type: String, nullable: true }) readonly photoUrl!: string | null;
  @ApiProperty() readonly bio!: string;
  @ApiProperty({ type: [String] }) readonly niches!: string[];
  @ApiProperty({ type: [String] }) readonly languages!: string[];
  @ApiProperty() readonly city!: string;
  @ApiProperty({ type: [String] }) readonly portfolioLinks!: string[];
  @ApiProperty({ type: [PlatformDto] }) readonly platforms!: PlatformDto[];
  @ApiProperty({ type: [RatePackageDto], description: 'Visible packages, in order' })
  readonly packages!: RatePackageDto[];
  @ApiProperty({ description: 'false: the page asks search engines not to index it' })
  readonly indexable!: boolean;
  @ApiProperty({
    type: TrackRecordDto,
    nullable: true,
    description: 'null unless the creator chose to show it',
  })
  readonly trackRecord!: TrackRecordDto | null;

  static of(page: PublicMediaKit): PublicMediaKitDto {
    return Object.assign(new PublicMediaKitDto(), {
      handle: page.handle,
      displayName: page.creator.displayName,
      photoUrl: page.creator.photoUrl,
      bio: page.kit.bio,
      niches: [...page.kit.niches],
      languages: [...page.kit.languages],
      city: page.kit.city,
      portfolioLinks: [...page.kit.portfolioLinks],
      platforms: page.platforms.map((item) => PlatformDto.of(item)),
      packages: page.packages.map((item) => RatePackageDto.of(item)),
      indexable: page.kit.allowIndexing,
      trackRecord: TrackRecordDto.of(page.trackRecord),
    });
  }
}

export class DailyViewsDto {
  @ApiProperty({ example: '2026-11-27', description: 'The day in India' }) readonly day!: string;
  @ApiProperty({ type: 'integer' }) readonly views!: number;
  @ApiProperty({ type: 'integer' }) readonly uniqueVisitors!: number;
}

export class MediaKitAnalyticsDto {
  @ApiProperty({ type: [DailyViewsDto], description: 'The last 30 days, oldest first' })
  readonly days!: DailyViewsDto[];

  static of(days: readonly DailyViews[]): MediaKitAnalyticsDto {
    return Object.assign(new MediaKitAnalyticsDto(), { days: days.map((item) => ({ ...item })) });
  }
}
