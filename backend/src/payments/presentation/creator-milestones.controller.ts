import { applyDecorators, Body, Controller, Param, Post, UseFilters } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { type AuthorizedUser, AuthorizedUserOf, Roles } from '../../auth/index.js';
import { DomainErrorFilter } from '../../common/presentation/domain-error.filter.js';
import {
  ErrorResponseDto,
  ValidationErrorResponseDto,
} from '../../common/presentation/error-response.dto.js';
import { DealChangedConcurrentlyError } from '../../deals/deals.contract.js';
import { MilestoneActions } from '../application/milestone-actions.use-case.js';
import {
  MilestoneNotFoundError,
  MilestoneTransitionRefusedError,
} from '../domain/payment.errors.js';
import { PAYMENTS_ERROR_STATUSES } from './payments.error-statuses.js';
import { CreatorMoneyMove } from './payments.openapi.js';
import { DisputeRequestDto, SubmissionRequestDto } from './dto/payment-request.dto.js';
import { DealMoneyDto } from './dto/payment-response.dto.js';

const MILESTONE_ID = ApiParam({ name: 'milestoneId', schema: { type: 'string', maxLength: 64 } });

/** A creator's move on a milestone: its path, the deal's money back, and what it may answer. */
const CREATOR_MOVE = applyDecorators(
  CreatorMoneyMove(
    { body: true },
    MilestoneNotFoundError,
    MilestoneTransitionRefusedError,
    DealChangedConcurrentlyError,
  ),
  MILESTONE_ID,
);

/** The creator's side of a milestone's money (#26): submitting the work, opening a dispute. */
@ApiTags('payments')
@ApiExtraModels(ValidationErrorResponseDto, ErrorResponseDto)
@Controller('deals/:dealId/milestones/:milestoneId')
@Roles('creator')
@UseFilters(new DomainErrorFilter(PAYMENTS_ERROR_STATUSES))
export class CreatorMilestonesController {
  constructor(private readonly actions: MilestoneActions) {}

  @Post('submission')
  @ApiOperation({
    summary: 'Submit a funded milestone as delivered',
    description:
      'Links to the posts and a note. The brand then has the approval window to approve or ask for changes; after it the milestone is approved automatically.',
  })
  @CREATOR_MOVE
  async submitMilestone(
    @Param('dealId') dealId: string,
    @Param('milestoneId') milestoneId: string,
    @Body() body: SubmissionRequestDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<DealMoneyDto> {
    return DealMoneyDto.of(
      await this.actions.submit(user.id, dealId, milestoneId, {
        links: body.links.map((link) => link.trim()),
        note: body.note.trim(),
      }),
    );
  }

  @Post('dispute')
  @ApiOperation({
    summary: 'Dispute a funded or submitted milestone',
    description: 'Freezes the milestone until an admin decides to release or refund it.',
  })
  @CREATOR_MOVE
  async disputeMilestone(
    @Param('dealId') dealId: string,
    @Param('milestoneId') milestoneId: string,
    @Body() body: DisputeRequestDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<DealMoneyDto> {
    return DealMoneyDto.of(
      await this.actions.creatorDispute(user.id, dealId, milestoneId, body.reason.trim()),
    );
  }
}
