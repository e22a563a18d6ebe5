import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/index.js';
import { Clock } from '../common/application/clock.js';
import { SystemClock } from '../common/infrastructure/system-clock.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { LinkTokensModule } from '../link-tokens/index.js';
import { UsersModule } from '../users/index.js';
import { BrandReviews } from './application/brand-review.use-cases.js';
import { ContractPublisher } from './application/contract-publisher.js';
import {
  CancelDeal,
  CreateDeal,
  DealTransitions,
  GetDeal,
  SendDeal,
  UpdateDeal,
} from './application/creator-deals.use-cases.js';
import {
  DealDashboards,
  GetContractTemplate,
  GetDealContract,
  ListDeals,
} from './application/deal-queries.use-cases.js';
import { ContractDocuments, ContractPdfRenderer } from './application/ports/contract-documents.js';
import { DealRepository } from './application/ports/deal.repository.js';
import { DealSettings } from './application/ports/deal-settings.js';
import { UserDirectory } from './application/ports/user-directory.js';
import { MongoContractDocuments } from './infrastructure/mongo-contract-documents.js';
import { MongoDealRepository } from './infrastructure/mongo-deal.repository.js';
import { PdfmakeContractRenderer } from './infrastructure/pdfmake-contract-renderer.js';
import { UsersUserDirectory } from './infrastructure/users-user-directory.js';
import { DealReviewController } from './presentation/deal-review.controller.js';
import { DealsController } from './presentation/deals.controller.js';

/**
 * Deals and contracts (#24, ADRs 0028–0029): a creator's deals with a brand, their state machine
 * (claim-once transitions with history), the contract rendered to HTML and PDF, and the brand's
 * review through an e-mailed single-purpose link.
 */
@Module({
  imports: [AuthModule, UsersModule, LinkTokensModule],
  controllers: [DealsController, DealReviewController],
  providers: [
    CreateDeal,
    GetDeal,
    UpdateDeal,
    SendDeal,
    CancelDeal,
    DealTransitions,
    ListDeals,
    GetDealContract,
    DealDashboards,
    GetContractTemplate,
    BrandReviews,
    ContractPublisher,
    { provide: DealRepository, useClass: MongoDealRepository },
    { provide: ContractDocuments, useClass: MongoContractDocuments },
    { provide: ContractPdfRenderer, useClass: PdfmakeContractRenderer },
    { provide: UserDirectory, useClass: UsersUserDirectory },
    {
      provide: DealSettings,
      inject: [APP_CONFIG],
      useFactory: ({ deals, auth }: AppConfig) =>
        new DealSettings(deals.linkTtlDays, auth.publicUrl),
    },
    { provide: Clock, useClass: SystemClock },
  ],
  exports: [DealRepository],
})
export class DealsModule {}
