import { Module, type OnModuleInit } from '@nestjs/common';
import { AuthModule } from '../auth/index.js';
import { fromConfig } from '../config/config.module.js';
import { LinkTokensModule } from '../link-tokens/index.js';
import { RateLimitStorageModule } from '../rate-limit/index.js';
import { LinkTokens } from '../link-tokens/link-tokens.contract.js';
import { Pruners } from '../retention/retention.contract.js';
import { UsersModule } from '../users/index.js';
import { BrandDealInvitations } from '../brands/brands.contract.js';
import { BrandDeals } from './application/brand-deals.use-cases.js';
import { BrandMoneyLinks } from './application/brand-money-links.js';
import { BrandPartyLinks } from './application/brand-party-links.use-cases.js';
import { BrandReviews } from './application/brand-review.use-cases.js';
import { ContractPublisher } from './application/contract-publisher.js';
import { CreatorLimits } from './application/creator-limits.js';
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
  ExpireDueFromCounters,
} from './application/deal-queries.use-cases.js';
import { ContractDocuments, ContractPdfRenderer } from './application/ports/contract-documents.js';
import { CreatorLimitCounters } from './application/ports/creator-limit-counters.js';
import { DealRepository } from './application/ports/deal.repository.js';
import { DealSettings } from './application/ports/deal-settings.js';
import { UserDirectory } from './application/ports/user-directory.js';
import { dealLinksPruner } from './infrastructure/deal-links-pruner.js';
import { DealRepositoryBrandDealInvitations } from './infrastructure/deal-repository-brand-deal-invitations.js';
import { MongoContractDocuments } from './infrastructure/mongo-contract-documents.js';
import { MongoDealRepository } from './infrastructure/mongo-deal.repository.js';
import { MongoDealLists } from './infrastructure/read-model/mongo-deal-lists.js';
import { DealLists } from './application/ports/deal-lists.js';
import { PdfmakeContractRenderer } from './infrastructure/pdfmake-contract-renderer.js';
import { SharedCreatorLimitCounters } from './infrastructure/shared-creator-limit-counters.js';
import { UsersUserDirectory } from './infrastructure/users-user-directory.js';
import { BrandDealsController } from './presentation/brand-deals.controller.js';
import { DealReviewController } from './presentation/deal-review.controller.js';
import { DealsController } from './presentation/deals.controller.js';

/**
 * Deals and contracts (#24, ADRs 0028–0029): a creator's deals with a brand, their state machine
 * (claim-once transitions with history), the contract rendered to HTML and PDF, and the brand's
 * review through an e-mailed single-purpose link, or from the brand workspace (#25), which mints
 * the same kind of link for the signed-in brand's own deals.
 */
@Module({
  imports: [AuthModule, UsersModule, LinkTokensModule, RateLimitStorageModule],
  controllers: [DealsController, DealReviewController, BrandDealsController],
  providers: [
    CreateDeal,
    GetDeal,
    UpdateDeal,
    SendDeal,
    CancelDeal,
    DealTransitions,
    ListDeals,
    ExpireDueFromCounters,
    GetDealContract,
    DealDashboards,
    GetContractTemplate,
    BrandReviews,
    BrandDeals,
    BrandMoneyLinks,
    BrandPartyLinks,
    ContractPublisher,
    CreatorLimits,
    { provide: CreatorLimitCounters, useClass: SharedCreatorLimitCounters },
    { provide: DealRepository, useClass: MongoDealRepository },
    MongoDealLists,
    { provide: DealLists, useExisting: MongoDealLists },
    { provide: ContractDocuments, useClass: MongoContractDocuments },
    { provide: ContractPdfRenderer, useClass: PdfmakeContractRenderer },
    { provide: UserDirectory, useClass: UsersUserDirectory },
    // The brands module's port (a number a deal was sent to may sign up in invite mode); the app's
    // wiring hands this module to BrandsModule.forRoot, so neither module imports the other.
    { provide: BrandDealInvitations, useClass: DealRepositoryBrandDealInvitations },
    fromConfig(
      DealSettings,
      ({ deals, auth }) => new DealSettings(deals.linkTtlDays, auth.publicUrl, deals.creatorLimits),
    ),
  ],
  exports: [DealRepository, BrandDealInvitations, UserDirectory, CreatorLimits, BrandMoneyLinks],
})
export class DealsModule implements OnModuleInit {
  constructor(
    private readonly pruners: Pruners,
    private readonly links: LinkTokens,
  ) {}

  /** The deals' links are pruned by the retention job, long after they expired. */
  onModuleInit(): void {
    this.pruners.register(dealLinksPruner(this.links));
  }
}
