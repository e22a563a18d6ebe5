import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { fromConfig } from '../config/config.module.js';
import { AuthModule } from '../auth/index.js';
import { InsightsModule } from '../insights/index.js';
import { BrandsModule } from '../brands/index.js';
import { DealsModule } from '../deals/index.js';
import { MailModule } from '../mail/index.js';
import { NotificationsModule } from '../notifications/index.js';
import { RateLimitStorageModule } from '../rate-limit/index.js';
import { ProfilePhotosModule } from '../profile-photos/index.js';
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
import { GetMediaKitPdf } from './application/media-kit-pdf.use-case.js';
import { KitPdfRenderer } from './application/ports/kit-pdf-renderer.js';
import { PageViews } from './application/ports/page-views.js';
import { AudienceFigures } from './application/ports/audience-figures.js';
import { CreatorProfiles } from './application/ports/creator-profiles.js';
import { MediaKitSettings } from './application/ports/media-kit-settings.js';
import { MediaKitStore } from './application/ports/media-kit.store.js';
import { TrackRecords } from './application/ports/track-records.js';
import { GetPublicMediaKit } from './application/public-media-kit.use-case.js';
import {
  MongoPageViews,
  ViewDayRecord,
  ViewDaySchema,
  ViewSaltRecord,
  ViewSaltSchema,
  VisitorRecord,
  VisitorSchema,
} from './infrastructure/mongo-page-views.js';
import {
  HandleClaimRecord,
  HandleClaimSchema,
  MediaKitRecord,
  MediaKitSchema,
  MongoMediaKitStore,
} from './infrastructure/mongo-media-kit.store.js';
import { MediaKitErasure } from './application/ports/media-kit-erasure.js';
import { MongoMediaKitErasure } from './infrastructure/mongo-media-kit-erasure.js';
import { SelfReportedAudience } from './infrastructure/self-reported-audience.js';
import { InsightsTrackRecords } from './infrastructure/insights-track-records.js';
import { PdfmakeMediaKitRenderer } from './infrastructure/pdfmake-media-kit-renderer.js';
import { UsersCreatorProfiles } from './infrastructure/users-creator-profiles.js';
import {
  AcceptPackageRequest,
  DeclinePackageRequest,
  FindRequestablePackage,
  GetRequestFunnel,
  ListPackageRequests,
  RequestPackage,
  SendPackageRequestCode,
} from './application/package-requests.use-case.js';
import {
  BrandNotices,
  CreatorNotices,
  PhoneProofs,
  RequestDeals,
  RequestingBrands,
  RequestLimits,
} from './application/ports/package-request-parties.js';
import { PackageRequestStore } from './application/ports/package-requests.store.js';
import {
  MongoPackageRequests,
  PackageRequestAnswerRecord,
  PackageRequestAnswerSchema,
  PackageRequestRecord,
  PackageRequestSchema,
} from './infrastructure/mongo-package-requests.js';
import {
  BellCreatorNotices,
  BrandCodePhoneProofs,
  DealsRequestDeals,
  MailBrandNotices,
  SharedRequestLimits,
  UsersRequestingBrands,
} from './infrastructure/package-request-adapters.js';
import { MediaKitController } from './presentation/media-kit.controller.js';
import { MediaKitPdfController } from './presentation/media-kit-pdf.controller.js';
import { PackageRequestsController } from './presentation/package-requests.controller.js';
import { PublicPackageRequestsController } from './presentation/public-package-requests.controller.js';
import { PublicMediaKitController } from './presentation/public-media-kit.controller.js';

/**
 * The creator's media kit and rate card (#42): the kit, the handle, publication and the public
 * page at /@handle (served as HTML by the backend, routed there by the web server).
 */
@Module({
  imports: [
    AuthModule,
    UsersModule,
    InsightsModule,
    ProfilePhotosModule,
    // Package requests (#42): the brands' SMS codes, deal drafts, the creator's bell, mail.
    BrandsModule.forRoot(DealsModule),
    DealsModule,
    NotificationsModule,
    MailModule,
    RateLimitStorageModule,
    MongooseModule.forFeature([
      { name: PackageRequestRecord.name, schema: PackageRequestSchema },
      { name: PackageRequestAnswerRecord.name, schema: PackageRequestAnswerSchema },
      { name: MediaKitRecord.name, schema: MediaKitSchema },
      { name: HandleClaimRecord.name, schema: HandleClaimSchema },
      { name: ViewDayRecord.name, schema: ViewDaySchema },
      { name: VisitorRecord.name, schema: VisitorSchema },
      { name: ViewSaltRecord.name, schema: ViewSaltSchema },
    ]),
  ],
  controllers: [
    MediaKitController,
    PublicMediaKitController,
    MediaKitPdfController,
    PackageRequestsController,
    PublicPackageRequestsController,
  ],
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
    { provide: TrackRecords, useClass: InsightsTrackRecords },
    GetMediaKitPdf,
    { provide: KitPdfRenderer, useClass: PdfmakeMediaKitRenderer },
    FindRequestablePackage,
    SendPackageRequestCode,
    RequestPackage,
    ListPackageRequests,
    AcceptPackageRequest,
    DeclinePackageRequest,
    GetRequestFunnel,
    { provide: PackageRequestStore, useClass: MongoPackageRequests },
    { provide: RequestLimits, useClass: SharedRequestLimits },
    { provide: PhoneProofs, useClass: BrandCodePhoneProofs },
    { provide: RequestingBrands, useClass: UsersRequestingBrands },
    { provide: CreatorNotices, useClass: BellCreatorNotices },
    { provide: BrandNotices, useClass: MailBrandNotices },
    { provide: RequestDeals, useClass: DealsRequestDeals },
    fromConfig(MediaKitSettings, ({ auth }) => new MediaKitSettings(auth.publicUrl)),
  ],
  // The account's erasure removes the kit and frees the handle (#41).
  exports: [MediaKitErasure],
})
export class MediaKitModule {}
