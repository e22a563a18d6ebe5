import { ApiProperty } from '@nestjs/swagger';
import type { Deal } from '../../domain/deal.js';
import {
  agreedCancellation,
  CANCELLATION_ACTIONS,
  type CancellationAction,
  type CancellationParty,
  openCancellation,
} from '../../domain/cancellation.js';

/** The open proposal to cancel an accepted deal (contract clause 7). */
export class CancellationProposalDto {
  @ApiProperty({ enum: ['creator', 'brand'], description: 'Who proposed it' })
  readonly by!: CancellationParty;
  @ApiProperty({ format: 'date-time' }) readonly at!: string;
  @ApiProperty({ description: 'As typed (show it as text)' }) readonly reason!: string;

  static of(deal: Pick<Deal, 'cancellation'>): CancellationProposalDto | null {
    const proposal = openCancellation(deal);
    return proposal
      ? Object.assign(new CancellationProposalDto(), {
          by: proposal.by,
          at: proposal.at.toISOString(),
          reason: proposal.reason,
        })
      : null;
  }
}

/** How a deal was cancelled by both parties' agreement. */
export class AgreedCancellationDto {
  @ApiProperty({ enum: ['creator', 'brand'] }) readonly proposedBy!: CancellationParty;
  @ApiProperty({ description: 'As typed (show it as text)' }) readonly reason!: string;
  @ApiProperty({ format: 'date-time' }) readonly agreedAt!: string;

  static of(deal: Pick<Deal, 'history'>): AgreedCancellationDto | null {
    const agreed = agreedCancellation(deal);
    return agreed
      ? Object.assign(new AgreedCancellationDto(), {
          proposedBy: agreed.proposedBy,
          reason: agreed.reason,
          agreedAt: agreed.agreedAt.toISOString(),
        })
      : null;
  }
}

/**
 * Where cancelling an accepted deal by agreement stands, as the creator's deal and both parties'
 * money screens document it (`cancellation`, `cancelledByAgreement`) and fill it.
 */
export const CancellationProperty = {
  proposal: () =>
    ApiProperty({
      type: CancellationProposalDto,
      nullable: true,
      description: 'The open proposal to cancel the accepted deal, if any',
    }),
  agreed: () =>
    ApiProperty({
      type: AgreedCancellationDto,
      nullable: true,
      description: 'Set once the deal was cancelled by both parties',
    }),
};

export function cancellationStateOf(deal: Pick<Deal, 'cancellation' | 'history'>): {
  cancellation: CancellationProposalDto | null;
  cancelledByAgreement: AgreedCancellationDto | null;
} {
  return {
    cancellation: CancellationProposalDto.of(deal),
    cancelledByAgreement: AgreedCancellationDto.of(deal),
  };
}

export class CancellationMoveDto {
  @ApiProperty({ enum: CANCELLATION_ACTIONS }) readonly action!: CancellationAction;
  @ApiProperty({ enum: ['creator', 'brand'] }) readonly proposedBy!: CancellationParty;
}
