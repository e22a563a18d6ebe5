import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { LINK_TOKEN_PATTERN } from '../../../link-tokens/index.js';
import type { FreshLinkAnswer } from '../../application/brand-party-links.use-case.js';
import type {
  AcceptedBy,
  BrandDealLine,
  WorkspaceReviewLink,
} from '../../application/brand-deals.use-case.js';
import { DEAL_STATES, type DealState } from '../../domain/deal.js';

/** One deal in the brand workspace's list. */
export class BrandDealDto {
  @ApiProperty() readonly id!: string;
  @ApiProperty() readonly title!: string;
  @ApiProperty({ enum: DEAL_STATES }) readonly state!: DealState;
  @ApiProperty({ type: String, nullable: true }) readonly campaign!: string | null;
  @ApiProperty({ description: 'The creator, as they signed the contract they sent' })
  readonly creatorName!: string;
  @ApiProperty({ type: 'integer', description: 'Integer paise' }) readonly totalPaise!: number;
  @ApiProperty({ type: 'integer' }) readonly milestoneCount!: number;
  @ApiProperty({ format: 'date-time' }) readonly sentAt!: string;
  @ApiProperty({ format: 'date-time' }) readonly updatedAt!: string;
  @ApiProperty({
    format: 'date-time',
    type: String,
    nullable: true,
    description: 'While the deal awaits the brand: when it expires unanswered',
  })
  readonly linkExpiresAt!: string | null;
  @ApiProperty({
    enum: ['this-workspace', 'email', 'another-workspace'],
    nullable: true,
    type: String,
    description:
      'Who accepted the deal and so acts on its money: this workspace; an e-mailed link (this workspace may ask to claim it, POST /brand/deals/{dealId}/claim); another workspace. Null before acceptance.',
  })
  readonly acceptedBy!: AcceptedBy | null;

  static of(line: BrandDealLine): BrandDealDto {
    return Object.assign(new BrandDealDto(), {
      ...line,
      sentAt: line.sentAt.toISOString(),
      updatedAt: line.updatedAt.toISOString(),
      linkExpiresAt: line.linkExpiresAt?.toISOString() ?? null,
    });
  }
}

export class BrandDealListDto {
  @ApiProperty({
    type: [BrandDealDto],
    description: 'Newest sent first; at most 100',
  })
  readonly items!: BrandDealDto[];

  static of(lines: readonly BrandDealLine[]): BrandDealListDto {
    return Object.assign(new BrandDealListDto(), {
      items: lines.map((line) => BrandDealDto.of(line)),
    });
  }
}

/** A fresh review link token: what the e-mailed link carries, for the review page's calls. */
export class WorkspaceReviewLinkDto {
  @ApiProperty({
    description: "A single-purpose review token for the deal's current version (deal-review/*)",
  })
  readonly token!: string;
  @ApiProperty({ format: 'date-time' }) readonly expiresAt!: string;

  static of(link: WorkspaceReviewLink): WorkspaceReviewLinkDto {
    return Object.assign(new WorkspaceReviewLinkDto(), {
      token: link.token,
      expiresAt: link.expiresAt.toISOString(),
    });
  }
}

const FRESH_LINK_MESSAGES = {
  'check-email':
    "If this link belongs to a deal accepted by e-mail, a fresh link to the deal's payments is on its way to the address the deal was accepted with. It can take a few minutes.",
  'sign-in':
    'This deal was accepted from a Paylock brand workspace: sign in there to fund and approve its milestones.',
} as const;

/** Where a brand who asked for a fresh money link goes next. */
export class FreshLinkAnswerDto {
  @ApiProperty({
    enum: ['check-email', 'sign-in'],
    description:
      'check-email: the same answer whether or not a link was sent (one goes only to the address the deal was accepted with); sign-in: the deal was accepted from a brand workspace, whose money is reached by signing in',
  })
  readonly next!: FreshLinkAnswer;
  @ApiProperty() readonly message!: string;

  static of(next: FreshLinkAnswer): FreshLinkAnswerDto {
    return Object.assign(new FreshLinkAnswerDto(), { next, message: FRESH_LINK_MESSAGES[next] });
  }
}

/** The claim link's token (its `claim` query parameter), opened in the workspace that asked. */
export class DealClaimRequestDto {
  @ApiProperty({
    description: 'The token of the e-mailed claim link (its `claim` query parameter)',
    pattern: LINK_TOKEN_PATTERN,
  })
  @Matches(new RegExp(LINK_TOKEN_PATTERN), { message: 'token is not a valid claim link token' })
  @IsString()
  readonly token!: string;
}

/** A deal this brand account now handles. */
export class ClaimedDealDto {
  @ApiProperty() readonly dealId!: string;

  static of(deal: { readonly id: string }): ClaimedDealDto {
    return Object.assign(new ClaimedDealDto(), { dealId: deal.id });
  }
}
