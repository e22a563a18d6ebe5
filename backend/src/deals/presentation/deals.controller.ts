import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
  Query,
  Req,
  StreamableFile,
  UseFilters,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { type AuthorizedUser, AuthorizedUserOf, Roles } from '../../auth/index.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { pdfDownload } from '../../common/presentation/pdf-download.js';
import {
  CancelDeal,
  type Creator,
  CreateDeal,
  GetDeal,
  type RequestOrigin,
  SendDeal,
  UpdateDeal,
} from '../application/creator-deals.use-case.js';
import {
  DealDashboards,
  GetContractTemplate,
  GetDealContract,
  ListDeals,
} from '../application/deal-queries.use-case.js';
import {
  ContractRenderFailedError,
  DealChangedConcurrentlyError,
  DealNotEditableError,
  BrandContactIsCreatorError,
  DealNotFoundError,
  DealTransitionRefusedError,
  InvalidDealError,
  PayoutProfileNotVerifiedError,
} from '../domain/deal.errors.js';
import { TooManyDealsSentError, TooManyDealsToRecipientError } from '../domain/creator-limits.js';
import { DEALS_ERROR_STATUSES } from './deals.error-statuses.js';
import { DealsErrorFilter } from './deals-error.filter.js';
import {
  BAD_QUERY,
  BAD_TERMS,
  DEAL_ID_PARAM,
  operation,
  OwnRead,
  PDF_RESPONSE,
  TOO_LARGE,
  UNAVAILABLE,
} from './deals.openapi.js';
import { CampaignsQueryDto, CollaborationsQueryDto } from './dto/deal-query.dto.js';
import { DealTermsRequestDto } from './dto/deal-request.dto.js';
import { ContractDto, ContractTemplateDto } from './dto/contract.dto.js';
import { DealListPageDto, ListDealsPageQueryDto } from './dto/deal-list-page.dto.js';
import { InvalidPageCursorError } from '../domain/page-cursor.errors.js';
import {
  CampaignDto,
  CampaignPageDto,
  CollaborationDto,
  CollaborationPageDto,
  DealOverviewDto,
} from './dto/deal-overview.dto.js';
import { DealDto, DealListItemDto } from './dto/deal-response.dto.js';

const MAX_USER_AGENT = 500;

export function creatorOf({ user }: AuthorizedUser): Creator {
  return { id: user.id, name: user.displayName, email: user.email };
}

export function originOf(request: Request): RequestOrigin {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip ?? '',
    userAgent: (typeof userAgent === 'string' ? userAgent : '').slice(0, MAX_USER_AGENT),
  };
}

/** The creator's deals (#24): drafts, sending, cancelling, lists and dashboards. */
@ApiTags('deals')
@ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto)
@Controller('deals')
@Roles('creator')
@UseFilters(new DealsErrorFilter())
export class DealsController {
  constructor(
    private readonly createDealUseCase: CreateDeal,
    private readonly getDealUseCase: GetDeal,
    private readonly updateDealUseCase: UpdateDeal,
    private readonly sendDealUseCase: SendDeal,
    private readonly cancelDealUseCase: CancelDeal,
    private readonly listDealsUseCase: ListDeals,
    private readonly contracts: GetDealContract,
    private readonly dashboards: DealDashboards,
    private readonly template: GetContractTemplate,
  ) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @operation(
    'Create a draft deal',
    'Amounts are integer paise; the milestones must add up to totalPaise.',
  )
  @ApiCreatedResponse({ type: DealDto })
  @BAD_TERMS
  @Throws(DEALS_ERROR_STATUSES, InvalidDealError)
  @TOO_LARGE
  @UNAVAILABLE
  async createDeal(
    @Body() body: DealTermsRequestDto,
    @AuthorizedUserOf() user: AuthorizedUser,
  ): Promise<DealDto> {
    return DealDto.of(await this.createDealUseCase.execute(creatorOf(user), body));
  }

  @OwnRead(
    undefined,
    { summary: "The creator's deals, one page, filtered and sorted", type: DealListPageDto },
    BAD_QUERY,
  )
  @Throws(DEALS_ERROR_STATUSES, InvalidPageCursorError)
  async listDeals(
    @Query() query: ListDealsPageQueryDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<DealListPageDto> {
    const page = await this.listDealsUseCase.execute(user.id, query);
    return Object.assign(
      DealListPageDto.of(page, query, (deal) => DealListItemDto.ofSummary(deal)),
      { nextCursor: page.nextCursor },
    );
  }

  @OwnRead('overview', {
    summary: 'The dashboard: deals needing my action, awaiting the brand, total under contract',
    type: DealOverviewDto,
  })
  async getDealOverview(@AuthorizedUserOf() { user }: AuthorizedUser): Promise<DealOverviewDto> {
    return DealOverviewDto.of(await this.dashboards.overview(user.id));
  }

  @OwnRead(
    'collaborations',
    {
      summary: 'Brands the creator has deals with, with counts and totals',
      type: CollaborationPageDto,
    },
    BAD_QUERY,
  )
  async listCollaborations(
    @Query() query: CollaborationsQueryDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<CollaborationPageDto> {
    const paged = await this.dashboards.collaborations(
      user.id,
      query.view,
      query.page,
      query.pageSize,
    );
    return CollaborationPageDto.of(paged, query, (item) => CollaborationDto.of(item));
  }

  @OwnRead(
    'campaigns',
    {
      summary: "The brands' campaigns the creator's deals belong to, with totals and progress",
      type: CampaignPageDto,
    },
    BAD_QUERY,
  )
  async listCampaigns(
    @Query() query: CampaignsQueryDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<CampaignPageDto> {
    const paged = await this.dashboards.campaigns(user.id, query.view, query.page, query.pageSize);
    return CampaignPageDto.of(paged, query, (item) => CampaignDto.of(item));
  }

  @Get('contract-template')
  @operation('The contract template (read-only) and its version')
  @ApiOkResponse({ type: ContractTemplateDto })
  getContractTemplate(): ContractTemplateDto {
    return ContractTemplateDto.of(this.template.execute());
  }

  @OwnRead(
    ':dealId',
    {
      summary:
        'One deal with its deliverables, milestones, history, contract versions and allowed actions',
      type: DealDto,
    },
    DEAL_ID_PARAM,
    Throws(DEALS_ERROR_STATUSES, DealNotFoundError),
  )
  async getDeal(
    @Param('dealId') dealId: string,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<DealDto> {
    return DealDto.of(await this.getDealUseCase.execute(user.id, dealId));
  }

  @Put(':dealId')
  @operation(
    "Replace a draft's terms",
    'Only a draft, or a deal the brand sent back for changes (which becomes a draft of its next version). Otherwise 409.',
  )
  @DEAL_ID_PARAM
  @ApiOkResponse({ type: DealDto })
  @BAD_TERMS
  @Throws(
    DEALS_ERROR_STATUSES,
    InvalidDealError,
    DealNotFoundError,
    DealNotEditableError,
    DealTransitionRefusedError,
    DealChangedConcurrentlyError,
  )
  @TOO_LARGE
  @UNAVAILABLE
  async updateDeal(
    @Param('dealId') dealId: string,
    @Body() body: DealTermsRequestDto,
    @AuthorizedUserOf() user: AuthorizedUser,
  ): Promise<DealDto> {
    return DealDto.of(await this.updateDealUseCase.execute(creatorOf(user), dealId, body));
  }

  @Post(':dealId/send')
  @HttpCode(HttpStatus.OK)
  @operation(
    'Send a draft to the brand',
    "Renders the contract (HTML and PDF, SHA-256 stored), records the creator's acceptance, and e-mails the brand a review link valid DEAL_LINK_TTL_DAYS. Refused (409 PAYOUT_PROFILE_NOT_VERIFIED) until the creator's payout profile is verified, and (409 BRAND_CONTACT_IS_CREATOR) when the brand's contact e-mail is the creator's own. A render failure leaves the deal a draft (503). A creator sends at most DEAL_SENDS_PER_DAY deals a day, and at most DEAL_SENDS_PER_RECIPIENT_PER_DAY to one brand contact: beyond, 429 TOO_MANY_DEALS_SENT or TOO_MANY_DEALS_TO_RECIPIENT with Retry-After (seconds).",
  )
  @DEAL_ID_PARAM
  @ApiOkResponse({ type: DealDto })
  @Throws(
    DEALS_ERROR_STATUSES,
    InvalidDealError,
    DealNotFoundError,
    DealTransitionRefusedError,
    DealChangedConcurrentlyError,
    ContractRenderFailedError,
    PayoutProfileNotVerifiedError,
    TooManyDealsSentError,
    TooManyDealsToRecipientError,
    BrandContactIsCreatorError,
  )
  async sendDeal(
    @Param('dealId') dealId: string,
    @AuthorizedUserOf() user: AuthorizedUser,
    @Req() request: Request,
  ): Promise<DealDto> {
    return DealDto.of(
      await this.sendDealUseCase.execute(creatorOf(user), dealId, originOf(request)),
    );
  }

  @Post(':dealId/cancel')
  @HttpCode(HttpStatus.OK)
  @operation('Cancel a draft, a sent deal, or one sent back for changes')
  @DEAL_ID_PARAM
  @ApiOkResponse({ type: DealDto })
  @Throws(
    DEALS_ERROR_STATUSES,
    DealNotFoundError,
    DealTransitionRefusedError,
    DealChangedConcurrentlyError,
  )
  @UNAVAILABLE
  async cancelDeal(
    @Param('dealId') dealId: string,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<DealDto> {
    return DealDto.of(await this.cancelDealUseCase.execute(user.id, dealId));
  }

  @Get(':dealId/contract')
  @NoStore()
  @operation(
    "The deal's current contract as HTML, with its version and SHA-256",
    'Once sent: the stored contract. A draft: a preview rendered now (sha256 null).',
  )
  @DEAL_ID_PARAM
  @ApiOkResponse({ type: ContractDto })
  @Throws(DEALS_ERROR_STATUSES, DealNotFoundError)
  @UNAVAILABLE
  async getDealContract(
    @Param('dealId') dealId: string,
    @AuthorizedUserOf() user: AuthorizedUser,
  ): Promise<ContractDto> {
    return ContractDto.of(await this.contracts.execute(creatorOf(user), dealId));
  }

  @Get(':dealId/contract.pdf')
  @operation(
    "The deal's contract as a PDF",
    'The signed copy (with its audit-trail page) once accepted, the sent one while awaiting the brand, a preview for a draft.',
  )
  @DEAL_ID_PARAM
  @PDF_RESPONSE
  @Throws(DEALS_ERROR_STATUSES, DealNotFoundError)
  @UNAVAILABLE
  async getDealContractPdf(
    @Param('dealId') dealId: string,
    @AuthorizedUserOf() user: AuthorizedUser,
  ): Promise<StreamableFile> {
    const { pdf, filename } = await this.contracts.pdf(creatorOf(user), dealId);
    return pdfDownload(pdf, filename);
  }
}
