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
  DisputeAnsweredError,
  DisputeResolvedError,
  MilestoneNotFoundError,
  MilestoneTransitionRefusedError,
} from '../domain/payment.errors.js';
import { PAYMENTS_ERROR_STATUSES } from './payments.error-statuses.js';
import { CreatorMoneyMove } from './payments.openapi.js';
import {
  DisputeAnswerRequestDto,
  DisputeRequestDto,
  SubmissionRequestDto,
} from './dto/payment-request.dto.js';
import { DealMoneyDto } from './dto/payment-response.dto.js';

const MILESTONE_ID = ApiParam({ name: 'milestoneId', schema: { type: 'string', maxLength: 64 } });

const CREATOR_MOVE_ERRORS = [
  MilestoneNotFoundError,
  MilestoneTransitionRefusedError,
  DealChangedConcurrentlyError,
] as const;

/** A creator's move on a milestone: its path, the deal's money back, and what it may answer. */
const CREATOR_MOVE = applyDecorators(
  CreatorMoneyMove({ body: true }, ...CREATOR_MOVE_ERRORS),
  MILESTONE_ID,
);

/**
 * The creator's side of a milestone's money (#26): submitting the work, opening a dispute,
 * answering the brand's.
 */
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

  @Post('dispute/answer')
  @ApiOperation({
    summary: "Answer the brand's dispute of a milestone",
    description:
      'Once, before an admin decides it: the note is shown to the admin beside the reason. The milestone stays frozen. 409 DISPUTE_ALREADY_ANSWERED or DISPUTE_ALREADY_RESOLVED when too late; MILESTONE_TRANSITION_REFUSED for a dispute the creator opened itself.',
  })
  @CreatorMoneyMove(
    { body: true },
    ...CREATOR_MOVE_ERRORS,
    DisputeAnsweredError,
    DisputeResolvedError,
  )
  @MILESTONE_ID
  async answerMilestoneDispute(
    @Param('dealId') dealId: string,
    @Param('milestoneId') milestoneId: string,
    @Body() body: DisputeAnswerRequestDto,
    @AuthorizedUserOf() { user }: AuthorizedUser,
  ): Promise<DealMoneyDto> {
    return DealMoneyDto.of(
      await this.actions.creatorAnswerDispute(user.id, dealId, milestoneId, body.note.trim()),
    );
  }
}
