import { Module, type OnModuleInit, type Type } from '@nestjs/common';
import { InjectModel, MongooseModule } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AuthModule } from '../auth/index.js';
import { fromConfig } from '../config/config.module.js';
import { LinkTokensModule } from '../link-tokens/index.js';
import { PayoutsModule } from '../payouts/index.js';
import { RateLimitStorageModule } from '../rate-limit/index.js';
import { LinkTokens } from '../link-tokens/link-tokens.contract.js';
import { PrunersModule } from '../retention/index.js';
import { Pruners } from '../retention/retention.contract.js';
import { MailModule } from '../mail/index.js';
import { UsersModule } from '../users/index.js';
import { BrandDealInvitations } from '../brands/brands.contract.js';
import { BrandDeals } from './application/brand-deals.use-case.js';
import { BrandMoneyLinks } from './application/brand-money-links.js';
import { BrandPartyLinks } from './application/brand-party-links.use-case.js';
import { BrandReviews } from './application/brand-review.use-case.js';
import { ContractPublisher } from './application/contract-publisher.js';
import { CreatorLimits } from './application/creator-limits.js';
import {
  CancelDeal,
  CreateDeal,
  DealTransitions,
  GetDeal,
  SendDeal,
  UpdateDeal,
} from './application/creator-deals.use-case.js';
import {
  DealDashboards,
  GetContractTemplate,
  GetDealContract,
  ListDeals,
  ExpireDueFromCounters,
} from './application/deal-queries.use-case.js';
import { ContractDocuments, ContractPdfRenderer } from './application/ports/contract-documents.js';
import { CreatorLimitCounters } from './application/ports/creator-limit-counters.js';
import { DealRepository } from './application/ports/deal.repository.js';
import { DealDrafts } from './application/ports/deal-drafts.js';
import { DealMoves, DealReads } from './application/ports/deal-reads.js';
import { MoneyDealReads } from './application/ports/money-deal-reads.js';
import { MongoMoneyDealReads } from './infrastructure/mongo-money-deal-reads.js';
import { DealSettings } from './application/ports/deal-settings.js';
import { UserDirectory } from './application/ports/user-directory.js';
import { dealClaimsPruner } from './infrastructure/deal-claims-pruner.js';
import { dealLinksPruner } from './infrastructure/deal-links-pruner.js';
import { DealRepositoryBrandDealInvitations } from './infrastructure/deal-repository-brand-deal-invitations.js';
import { DealRecord, DealSchema } from './infrastructure/deal-document.js';
import {
  ContractDocumentRecord,
  ContractDocumentSchema,
  MongoContractDocuments,
} from './infrastructure/mongo-contract-documents.js';
import {
  DealClaimRecord,
  DealClaimSchema,
  MongoDealRepository,
} from './infrastructure/mongo-deal.repository.js';
import { MongoDealLists } from './infrastructure/read-model/mongo-deal-lists.js';
import { DealErasure } from './application/ports/deal-erasure.js';
import { MongoDealErasure } from './infrastructure/mongo-deal-erasure.js';
import { DealWriteLog } from './application/ports/deal-write-log.js';
import { MongoDealWriteLog } from './infrastructure/mongo-deal-write-log.js';
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
  imports: [
    AuthModule,
    UsersModule,
    LinkTokensModule,
    RateLimitStorageModule,
    PayoutsModule,
    PrunersModule,
    MailModule,
    MongooseModule.forFeature([
      { name: DealRecord.name, schema: DealSchema },
      { name: DealClaimRecord.name, schema: DealClaimSchema },
      { name: ContractDocumentRecord.name, schema: ContractDocumentSchema },
    ]),
  ],
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
    // Other features' narrow faces of the one repository: reads, and the money's moves.
    { provide: DealReads, useExisting: DealRepository },
    { provide: DealMoves, useExisting: DealRepository },
    // The payments' disputes and reconciliation find deals by their money.
    { provide: MoneyDealReads, useClass: MongoMoneyDealReads },
    // A media kit's accepted package request starts a draft (#42).
    { provide: DealDrafts, useExisting: CreateDeal satisfies Type<DealDrafts> },
    MongoDealLists,
    { provide: DealLists, useExisting: MongoDealLists },
    { provide: DealErasure, useClass: MongoDealErasure },
    { provide: DealWriteLog, useClass: MongoDealWriteLog },
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
  exports: [
    DealDrafts,
    DealReads,
    DealMoves,
    MoneyDealReads,
    BrandDealInvitations,
    UserDirectory,
    CreatorLimits,
    BrandMoneyLinks,
    DealErasure,
    ContractDocuments,
    DealWriteLog,
  ],
})
export class DealsModule implements OnModuleInit {
  constructor(
    private readonly pruners: Pruners,
    private readonly links: LinkTokens,
    @InjectModel(DealRecord.name) private readonly deals: Model<DealRecord>,
    @InjectModel(DealClaimRecord.name) private readonly dealClaims: Model<DealClaimRecord>,
  ) {}

  /** The deals' links (long after they expired) and claims are pruned by the retention job. */
  onModuleInit(): void {
    this.pruners.register(dealLinksPruner(this.links));
    this.pruners.register(dealClaimsPruner(this.deals, this.dealClaims));
  }
}
