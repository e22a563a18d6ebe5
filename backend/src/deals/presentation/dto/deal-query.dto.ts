import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  CAMPAIGN_VIEWS,
  type CampaignView,
  COLLABORATION_VIEWS,
  type CollaborationView,
} from '../../application/deal-queries.use-case.js';
import { DEAL_SORTS, DEAL_VIEWS, type DealSort, type DealView } from '../../domain/deal.js';
import { LIMITS } from '../../domain/deal-terms.js';
import { PagedQuery } from '../../../common/presentation/paged-query.dto.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 1000;
/** No control or invisible characters in filters (they match nothing a person typed). */
export const PLAIN_TEXT_PATTERN =
  '^[^\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\ufeff]*$';
const PLAIN_TEXT = new RegExp(PLAIN_TEXT_PATTERN);

/** The deals lists' paging: the shared factory, so paging checks and refuses as every list does. */
export class PageQueryDto extends PagedQuery({
  defaultPageSize: DEFAULT_PAGE_SIZE,
  maxPageSize: MAX_PAGE_SIZE,
  maxPage: MAX_PAGE,
}) {}

export class ListDealsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    enum: DEAL_VIEWS,
    default: 'all',
    description:
      'all; active (accepted); pending (sent, awaiting the brand); completed; proposals (draft, changes requested); archive (declined, expired, cancelled, completed)',
  })
  @IsOptional()
  @IsIn(DEAL_VIEWS)
  readonly view: DealView = 'all';

  @ApiPropertyOptional({
    maxLength: LIMITS.campaign,
    pattern: PLAIN_TEXT_PATTERN,
    description: 'Exact campaign name',
  })
  @IsOptional()
  @Matches(PLAIN_TEXT)
  @MaxLength(LIMITS.campaign)
  @IsString()
  readonly campaign?: string;

  @ApiPropertyOptional({
    maxLength: LIMITS.companyName,
    pattern: PLAIN_TEXT_PATTERN,
    description: 'Brand company name (case-insensitive, exact)',
  })
  @IsOptional()
  @Matches(PLAIN_TEXT)
  @MaxLength(LIMITS.companyName)
  @IsString()
  readonly brand?: string;

  @ApiPropertyOptional({
    maxLength: LIMITS.search,
    pattern: PLAIN_TEXT_PATTERN,
    description: 'Plain text searched in titles, brands and campaigns',
  })
  @IsOptional()
  @Matches(PLAIN_TEXT)
  @MaxLength(LIMITS.search)
  @IsString()
  readonly q?: string;

  @ApiPropertyOptional({ enum: DEAL_SORTS, default: 'newest' })
  @IsOptional()
  @IsIn(DEAL_SORTS)
  readonly sort: DealSort = 'newest';
}

export class CollaborationsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: COLLABORATION_VIEWS, default: 'all' })
  @IsOptional()
  @IsIn(COLLABORATION_VIEWS)
  readonly view: CollaborationView = 'all';
}

export class CampaignsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: CAMPAIGN_VIEWS, default: 'all' })
  @IsOptional()
  @IsIn(CAMPAIGN_VIEWS)
  readonly view: CampaignView = 'all';
}
