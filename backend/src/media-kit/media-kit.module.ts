import { Module } from '@nestjs/common';
import { fromConfig } from '../config/config.module.js';
import { AuthModule } from '../auth/index.js';
import { UsersModule } from '../users/index.js';
import {
  ChangeHandle,
  EditMediaKit,
  GetOwnMediaKit,
  PublishMediaKit,
} from './application/creator-media-kit.use-case.js';
import {
  GetMediaKitAnalytics,
  RecordPageView,
} from './application/media-kit-analytics.use-case.js';
import { PageViews } from './application/ports/page-views.js';
import { AudienceFigures } from './application/ports/audience-figures.js';
import { CreatorProfiles } from './application/ports/creator-profiles.js';
import { MediaKitSettings } from './application/ports/media-kit-settings.js';
import { MediaKitStore } from './application/ports/media-kit.store.js';
import { GetPublicMediaKit } from './application/public-media-kit.use-case.js';
import { MongoPageViews } from './infrastructure/mongo-page-views.js';
import { MongoMediaKitStore } from './infrastructure/mongo-media-kit.store.js';
import { MediaKitErasure } from './application/ports/media-kit-erasure.js';
import { MongoMediaKitErasure } from './infrastructure/mongo-media-kit-erasure.js';
import { SelfReportedAudience } from './infrastructure/self-reported-audience.js';
import { UsersCreatorProfiles } from './infrastructure/users-creator-profiles.js';
import { MediaKitController } from './presentation/media-kit.controller.js';
import { PublicMediaKitController } from './presentation/public-media-kit.controller.js';

/**
 * The creator's media kit and rate card (#42): the kit, the handle, publication and the public
 * page at /@handle (served as HTML by the backend, routed there by the web server).
 */
@Module({
  imports: [AuthModule, UsersModule],
  controllers: [MediaKitController, PublicMediaKitController],
  providers: [
    GetOwnMediaKit,
    EditMediaKit,
    ChangeHandle,
    PublishMediaKit,
    GetPublicMediaKit,
    RecordPageView,
    GetMediaKitAnalytics,
    { provide: PageViews, useClass: MongoPageViews },
    { provide: MediaKitStore, useClass: MongoMediaKitStore },
    { provide: MediaKitErasure, useClass: MongoMediaKitErasure },
    { provide: AudienceFigures, useClass: SelfReportedAudience },
    { provide: CreatorProfiles, useClass: UsersCreatorProfiles },
    fromConfig(MediaKitSettings, ({ auth }) => new MediaKitSettings(auth.publicUrl)),
  ],
  // The account's erasure removes the kit and frees the handle (#41).
  exports: [MediaKitErasure],
})
export class MediaKitModule {}
