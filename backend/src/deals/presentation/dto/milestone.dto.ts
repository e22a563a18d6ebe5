import { ApiProperty } from '@nestjs/swagger';
import { type Milestone, MILESTONE_STATES, type MilestoneState } from '../../domain/deal.js';
import { MILESTONE_ACTIONS, type MilestoneAction } from '../../domain/milestone.js';

export class MilestoneSubmissionDto {
  @ApiProperty({ type: [String], description: 'https links to the delivered posts' })
  readonly links!: string[];
  @ApiProperty({ description: "The creator's note, as typed (show it as text)" })
  readonly note!: string;
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
}

export class DisputeResolutionDto {
  @ApiProperty({ enum: ['release', 'refund'] }) readonly decision!: 'release' | 'refund';
  @ApiProperty({ description: "The admin's note, as typed (show it as text)" })
  readonly note!: string;
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
}

export class DisputeAnswerDto {
  @ApiProperty({
    enum: ['creator', 'brand'],
    description: 'The side that did not open the dispute',
  })
  readonly by!: 'creator' | 'brand';
  @ApiProperty({ description: 'As typed (show it as text)' }) readonly note!: string;
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
}

export class MilestoneDisputeDto {
  @ApiProperty() readonly id!: string;
  @ApiProperty({ enum: ['creator', 'brand'] }) readonly openedBy!: 'creator' | 'brand';
  @ApiProperty({ description: 'As typed (show it as text)' }) readonly reason!: string;
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
  @ApiProperty({
    type: DisputeAnswerDto,
    nullable: true,
    description: "The other side's answer (once, before the decision); null until it answers",
  })
  readonly answer!: DisputeAnswerDto | null;
  @ApiProperty({ type: DisputeResolutionDto, nullable: true })
  readonly resolution!: DisputeResolutionDto | null;
}

const isoOrNull = (date: Date | null): string | null => date?.toISOString() ?? null;

export class MilestoneDto {
  @ApiProperty() readonly id!: string;
  @ApiProperty() readonly name!: string;
  @ApiProperty() readonly releaseCondition!: string;
  @ApiProperty({ type: 'integer', description: 'Integer paise' }) readonly amountPaise!: number;
  @ApiProperty({ format: 'date' }) readonly dueDate!: string;
  @ApiProperty({ enum: MILESTONE_STATES, description: "The milestone's money state" })
  readonly state!: MilestoneState;
  @ApiProperty({ format: 'date-time', type: String, nullable: true })
  readonly fundedAt!: string | null;
  @ApiProperty({ type: MilestoneSubmissionDto, nullable: true })
  readonly submission!: MilestoneSubmissionDto | null;
  @ApiProperty({ type: 'integer', description: 'Rounds of changes the brand asked for so far' })
  readonly revisionsUsed!: number;
  @ApiProperty({
    format: 'date-time',
    type: String,
    nullable: true,
    description:
      'When a submitted milestone is approved automatically if the brand does not answer',
  })
  readonly approvalDueAt!: string | null;
  @ApiProperty({ format: 'date-time', type: String, nullable: true })
  readonly approvedAt!: string | null;
  @ApiProperty({ format: 'date-time', type: String, nullable: true })
  readonly releasedAt!: string | null;
  @ApiProperty({ format: 'date-time', type: String, nullable: true })
  readonly settledAt!: string | null;
  @ApiProperty({ format: 'date-time', type: String, nullable: true })
  readonly refundedAt!: string | null;
  @ApiProperty({ type: MilestoneDisputeDto, nullable: true })
  readonly dispute!: MilestoneDisputeDto | null;

  static of(milestone: Milestone): MilestoneDto {
    const { submission, dispute } = milestone;
    return Object.assign(new MilestoneDto(), {
      id: milestone.id,
      name: milestone.name,
      releaseCondition: milestone.releaseCondition,
      amountPaise: milestone.amountPaise,
      dueDate: milestone.dueDate,
      state: milestone.state,
      fundedAt: isoOrNull(milestone.fundedAt),
      submission: submission
        ? Object.assign(new MilestoneSubmissionDto(), {
            links: [...submission.links],
            note: submission.note,
            at: submission.at.toISOString(),
          })
        : null,
      revisionsUsed: milestone.revisionsUsed,
      approvalDueAt: isoOrNull(milestone.approvalDueAt),
      approvedAt: isoOrNull(milestone.approvedAt),
      releasedAt: isoOrNull(milestone.releasedAt),
      settledAt: isoOrNull(milestone.settledAt),
      refundedAt: isoOrNull(milestone.refundedAt),
      dispute: dispute
        ? Object.assign(new MilestoneDisputeDto(), {
            id: dispute.id,
            openedBy: dispute.openedBy,
            reason: dispute.reason,
            at: dispute.at.toISOString(),
            answer: dispute.answer
              ? Object.assign(new DisputeAnswerDto(), {
                  by: dispute.answer.by,
                  note: dispute.answer.note,
                  at: dispute.answer.at.toISOString(),
                })
              : null,
            resolution: dispute.resolution
              ? Object.assign(new DisputeResolutionDto(), {
                  decision: dispute.resolution.decision,
                  note: dispute.resolution.note,
                  at: dispute.resolution.at.toISOString(),
                })
              : null,
          })
        : null,
    });
  }
}

export class MilestoneMoveDto {
  @ApiProperty() readonly id!: string;
  @ApiProperty({ enum: MILESTONE_ACTIONS }) readonly action!: MilestoneAction;
  @ApiProperty({ enum: MILESTONE_STATES }) readonly from!: MilestoneState;
  @ApiProperty({ enum: MILESTONE_STATES }) readonly to!: MilestoneState;
}
