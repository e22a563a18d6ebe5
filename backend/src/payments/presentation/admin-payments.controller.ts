import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  UseFilters,
} from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { type AuthorizedUser, AuthorizedUserOf, Roles } from '../../auth/index.js';
import { Throws } from '../../common/presentation/domain-error-statuses.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import { NoStore } from '../../common/presentation/no-store.decorator.js';
import { AdminDisputes } from '../application/disputes.use-case.js';
import { ReconciliationReports } from '../application/ports/reconciliation-reports.js';
import { DisputeNotFoundError, DisputeResolvedError } from '../domain/payment.errors.js';
import { PAYMENTS_ERROR_STATUSES } from './payments.error-statuses.js';
import { BAD_INPUT, UNAVAILABLE } from './payments.openapi.js';
import { DisputesQueryDto, ResolutionRequestDto } from './dto/payment-request.dto.js';
import {
  DisputeDetailDto,
  DisputeListItemDto,
  DisputePageDto,
  ReconciliationDto,
} from './dto/payment-response.dto.js';

const DISPUTE_ID = ApiParam({ name: 'disputeId', schema: { type: 'string', maxLength: 64 } });

/** The admin's money screens (#26): disputes and their decisions (audited), the reconciliation. */
@ApiTags('admin')
@ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto)
@Controller('admin')
@Roles('admin')
@UseFilters(new DomainErrorFilter(PAYMENTS_ERROR_STATUSES))
export class AdminPaymentsController {
  constructor(
    private readonly disputes: AdminDisputes,
    private readonly reports: ReconciliationReports,
  ) {}

  @Get('disputes')
  @NoStore()
  @ApiOperation({ summary: 'Disputed milestones: open ones first, newest first' })
  @ApiOkResponse({ type: DisputePageDto })
  @BAD_INPUT
  @UNAVAILABLE
  async listDisputes(@Query() { page, pageSize }: DisputesQueryDto): Promise<DisputePageDto> {
    return DisputePageDto.of(await this.disputes.list(page, pageSize), { page, pageSize }, (item) =>
      DisputeListItemDto.of(item),
    );
  }

  @Get('disputes/:disputeId')
  @NoStore()
  @ApiOperation({ summary: "A dispute with both sides' notes and the milestone's history" })
  @DISPUTE_ID
  @ApiOkResponse({ type: DisputeDetailDto })
  @Throws(PAYMENTS_ERROR_STATUSES, DisputeNotFoundError)
  @UNAVAILABLE
  async getDispute(@Param('disputeId') disputeId: string): Promise<DisputeDetailDto> {
    return DisputeDetailDto.detail(await this.disputes.get(disputeId));
  }

  @Post('disputes/:disputeId/resolution')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Decide a dispute: release to the creator or refund the brand',
    description: 'Claim-once and recorded in the audit log.',
  })
  @DISPUTE_ID
  @ApiOkResponse({ type: DisputeDetailDto })
  @BAD_INPUT
  @Throws(PAYMENTS_ERROR_STATUSES, DisputeNotFoundError, DisputeResolvedError)
  @UNAVAILABLE
  async resolveDispute(
    @Param('disputeId') disputeId: string,
    @Body() body: ResolutionRequestDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<DisputeDetailDto> {
    return DisputeDetailDto.detail(
      await this.disputes.resolve(disputeId, body.decision, body.note.trim(), {
        userId: user.id,
        email: user.email,
      }),
    );
  }

  @Get('reconciliation')
  @NoStore()
  @ApiOperation({ summary: 'The last reconciliation of the ledger with the payment gateway' })
  @ApiOkResponse({ type: ReconciliationDto })
  @UNAVAILABLE
  async getReconciliation(): Promise<ReconciliationDto> {
    return ReconciliationDto.of(await this.reports.latest());
  }
}
